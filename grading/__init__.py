"""Grading learners' code: generic over exercises, which arrive as data (see grading.exercise)."""
