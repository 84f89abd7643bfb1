# Komendy użyte poza serwerem (cogs/contexts.py, cogs/bingo/_anywhere.py).
anywhere-needs-server = Ta komenda działa tylko na serwerze, na którym jestem zainstalowany. Użyj jej tam albo spróbuj tutaj /bingo rules, /bingo hand, /mulligan practice lub /help.
anywhere-no-match = Nie grasz żadnego meczu na żadnym serwerze.
