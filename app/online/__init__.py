"""Online play in the page: a page's online table (``table``), its screens
(``screens``) and the glue to the connection layer (``page``, over
``static/net.mjs``). The messages and the referee are pure Python in
``engine.online``."""
