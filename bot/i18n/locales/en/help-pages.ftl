# /help in pages, with every command and who may use it (cogs/guide/_help.py).
help-group-bingo-season = Seasons
help-group-bingo-tournament = Tournaments
help-group-bingo-settings = Server settings
help-group-bingo-mod = Moderation
help-group-mulligan-deck = Your decklists
help-page = Page { $page } of { $pages }
help-legend = 🛡️ organizers (Manage Server, or the organizer role) · ⚙️ Manage Server · 🔨 moderators (Manage Messages, or the moderator role)
