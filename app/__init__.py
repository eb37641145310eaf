"""The page's Python: start-up, rendering and events (runs in Pyodide; uses ``engine``)."""
