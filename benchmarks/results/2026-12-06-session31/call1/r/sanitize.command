bash -c sanitize
