"""Statistics: the model (stored, file format, chart) and the panel."""
