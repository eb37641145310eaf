"""Settings: the model (stored, URL, rules) and the dialog."""
