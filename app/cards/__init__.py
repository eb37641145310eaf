"""Cards: faces as SVG and names in words."""
