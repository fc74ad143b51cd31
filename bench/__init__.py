"""make bench: the lesson page and the build, measured against a bare Pyodide boot in the same run."""
