bash -c memcheck
