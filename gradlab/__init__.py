"""The site generator's parts; build.py runs them in order."""
