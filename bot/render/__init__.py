"""Pure text rendering of rule results: frozen result objects in, plain lines of text out (no I/O, no Discord)."""
