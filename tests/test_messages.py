"""The messages a learner or a lesson author reads: numbers, cases, tables and field errors."""
