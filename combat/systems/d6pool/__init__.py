"""The d6 dice-pool / Power Factor / Hits-To-Kill rule system (seed 003)."""
