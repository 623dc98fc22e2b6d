bash -c sanitize_new
