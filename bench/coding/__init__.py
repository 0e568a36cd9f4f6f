"""The coding-memory benchmark (``python -m bench coding``)."""
