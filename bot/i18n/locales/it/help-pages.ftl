# /help a pagine, con ogni comando e chi può usarlo (cogs/guide/_help.py).
help-group-bingo-season = Stagioni
help-group-bingo-tournament = Tornei
help-group-bingo-settings = Impostazioni del server
help-group-bingo-mod = Moderazione
help-group-mulligan-deck = Le tue liste di mazzo
help-page = Pagina { $page } di { $pages }
help-legend = 🛡️ organizzatori (Gestisci server, o il ruolo degli organizzatori) · ⚙️ Gestisci server · 🔨 moderatori (Gestisci messaggi, o il ruolo di moderatore)
