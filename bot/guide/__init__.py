"""The guided first fight: a system's demo set-up, and what to type next in any encounter it guides."""
