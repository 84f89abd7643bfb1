# /help na stronach, ze wszystkimi komendami i tym, kto może ich używać (cogs/guide/_help.py).
help-group-bingo-season = Sezony
help-group-bingo-tournament = Turnieje
help-group-bingo-settings = Ustawienia serwera
help-group-bingo-mod = Moderacja
help-group-mulligan-deck = Twoje listy talii
help-page = Strona { $page } z { $pages }
help-legend = 🛡️ organizatorzy (Zarządzanie serwerem albo rola organizatora) · ⚙️ Zarządzanie serwerem · 🔨 moderatorzy (Zarządzanie wiadomościami albo rola moderatora)
