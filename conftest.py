"""The docstring examples of ``engine/`` and ``app/`` run with the unit tests
(``testpaths`` in pyproject.toml, ``--doctest-modules``). These two modules need
the browser (``js``, ``pyodide``, ``pyscript``) and are not collected here."""

collect_ignore = ["app/dom.py", "app/main.py", "server/migrations"]
