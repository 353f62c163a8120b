// Stand-in for `server-only` (realworld harness only): importing it is all it does.
