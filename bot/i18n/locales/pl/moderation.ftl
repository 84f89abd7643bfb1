# Moderacja (/bingo mod …, /bingo settings moderation) i rundy turnieju z limitem czasu.
mod-refused = Tylko moderatorzy mogą to zrobić: członkowie z uprawnieniem Zarządzanie wiadomościami albo z rolą moderatora ustawioną w `/bingo settings moderation`.
mod-no-live-match = Na tym serwerze nie trwa mecz #{ $id }.
mod-ended = Mecz #{ $id } zakończony bez wyniku. Gracze dowiedzieli się dlaczego.
mod-ended-public = { $players }: moderator zakończył BingoMagic #{ $id } bez wyniku (nie liczy się nikomu). Powód: { $reason }
mod-challenge-cancelled = Moderator anulował wyzwanie od { $challenger } dla { $opponent }.
mod-cancelled = { $count ->
        [0] { $member } nie ma otwartych wyzwań.
        [one] Anulowano { $count } otwarte wyzwanie: { $member }.
        [few] Anulowano { $count } otwarte wyzwania: { $member }.
        [many] Anulowano { $count } otwartych wyzwań: { $member }.
       *[other] Anulowano { $count } otwartego wyzwania: { $member }.
    }
mod-removed = { $player } został usunięty z turnieju { $name }.
mod-settings-none = brak
mod-settings-saved = Zapisano ustawienia moderacji. Rola moderatora: { $role }. Kanał dziennika: { $channel }.
mod-log-end = { $moderator } zakończył mecz #{ $id } bez wyniku. Powód: { $reason }
mod-log-cancel = { $moderator } anulował { $count ->
        [one] { $count } otwarte wyzwanie
        [few] { $count } otwarte wyzwania
        [many] { $count } otwartych wyzwań
       *[other] { $count } otwartego wyzwania
    }: { $member }.
mod-log-remove = { $moderator } usunął { $player } z turnieju { $name } (turniej #{ $id }).

tournament-table-waiting = czeka, aż skończy się bieżący mecz jednego z graczy
tournament-table-started = Stół { $table }: { $a } kontra { $b } mogą teraz grać.
tournament-round-timed-out = { $name }: czas rundy { $round } minął. { $drawn ->
        [one] Zakończono { $drawn } niedokończony stół.
        [few] Zakończono { $drawn } niedokończone stoły.
        [many] Zakończono { $drawn } niedokończonych stołów.
       *[other] Zakończono { $drawn } niedokończonego stołu.
    }
tournament-round-warning = { $name }: runda { $round } kończy się { $deadline }. Niedokończone mecze będą wtedy remisami.

# Polecenia
cmd-bingo-mod =
    .name = mod
    .description = Moderuj BingoMagic (moderatorzy).
cmd-bingo-mod-end =
    .name = zakończ
    .description = Tylko moderatorzy: zakończ trwający mecz bez wyniku.
cmd-bingo-mod-end-match =
    .name = mecz
    .description = Numer meczu (widoczny na jego planszy)
cmd-bingo-mod-end-reason =
    .name = powód
    .description = Dlaczego: zobaczą to obaj gracze
cmd-bingo-mod-cancel =
    .name = anuluj
    .description = Tylko moderatorzy: anuluj otwarte wyzwania członka.
cmd-bingo-mod-cancel-member =
    .name = członek
    .description = Czyje wyzwania (wysłane lub otrzymane)
cmd-bingo-mod-remove =
    .name = usuń
    .description = Tylko moderatorzy: usuń gracza z turnieju.
cmd-bingo-mod-remove-player =
    .name = gracz
    .description = Gracz do usunięcia
cmd-bingo-mod-remove-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-settings-moderation =
    .name = moderacja
    .description = Tylko z uprawnieniem Zarządzanie serwerem: rola moderatora i kanał dziennika moderacji.
cmd-bingo-settings-moderation-role =
    .name = rola
    .description = Członkowie z tą rolą moderują BingoMagic (puste: tylko Zarządzanie wiadomościami)
cmd-bingo-settings-moderation-channel =
    .name = kanał
    .description = Gdzie zapisywać działania moderatorów (puste: bez dziennika)
