bash -c sanitize_all
