# Commands used outside a server (cogs/contexts.py, cogs/bingo/_anywhere.py).
anywhere-needs-server = This command works only in a server where I'm installed. Use it there, or try /bingo rules, /bingo hand, /mulligan practice or /help here.
anywhere-no-match = You're not in a match in any server.
