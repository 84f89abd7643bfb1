# Sezony, kto jest w rankingu i jego strony (cogs/bingo/_leaderboard.py).

seasons-all-time = Od początku
seasons-before-first = Przed pierwszym sezonem
seasons-name = Sezon { $number }: { $name }
seasons-leaderboard-listed = W rankingu: członkowie, którzy mają co najmniej { $min ->
    [one] { $min } mecz rankingowy
    [few] { $min } mecze rankingowe
    [many] { $min } meczów rankingowych
   *[other] { $min } meczu rankingowego
} i nadal są na serwerze. Rating powoli spada, gdy ktoś nie gra.
seasons-page = Strona { $page } z { $pages }
seasons-not-listed = W rankingu od { $min ->
        [one] { $min } meczu rankingowego
        [few] { $min } meczów rankingowych
        [many] { $min } meczów rankingowych
       *[other] { $min } meczu rankingowego
    } (na razie { $played }).
seasons-nobody-listed = Nikogo jeszcze nie ma w rankingu: trafia się do niego po { $min ->
    [one] { $min } meczu rankingowym
   *[other] { $min } meczach rankingowych
} na tym serwerze.
seasons-more-to-go = { $more ->
    [one] Jeszcze jeden mecz rankingowy i trafisz do rankingu.
    [few] Jeszcze { $more } mecze rankingowe i trafisz do rankingu.
    [many] Jeszcze { $more } meczów rankingowych i trafisz do rankingu.
   *[other] Jeszcze { $more } meczu rankingowego i trafisz do rankingu.
}
seasons-unranked = poza rankingiem
seasons-unknown = Na tym serwerze nie ma sezonu „{ $season }”. Wybierz sezon z listy albo „od początku”.
seasons-refused = Sezon może rozpocząć tylko ktoś z uprawnieniem Zarządzanie serwerem.
seasons-name-invalid = Nazwa sezonu musi mieć co najmniej jedną literę (nie same cyfry i nie „all-time”).
seasons-name-taken = Ten serwer ma już sezon o nazwie „{ $name }”.
seasons-started = **Sezon { $number }: { $name }** wystartował! Każdy rating na tym serwerze zaczyna się od nowa. Wcześniejsze rankingi zostają: wybierz sezon opcją `{ cmd-bingo-leaderboard-season.name }:` w `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }`.
seasons-start-ask = Rozpocząć **sezon { $number }: { $name }**? Rating każdego członka tego serwera zacznie się od nowa, a ranking wystartuje pusty. Nic nie zostanie usunięte: dotychczasowe rankingi zostają w `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }` i `/{ cmd-bingo.name } { cmd-bingo-stats.name }` (opcja `{ cmd-bingo-leaderboard-season.name }:`), a `/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }` pokazuje listę sezonów.
seasons-start-confirm = Rozpocznij nowy sezon
seasons-start-cancel = Anuluj
seasons-start-cancelled = Anulowano: nie ma nowego sezonu, każdy rating zostaje bez zmian.
seasons-start-stale = Nic nie wystartowało: sezon tego serwera zmienił się, odkąd zapytano (`/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }`). Spróbuj ponownie, jeśli nadal chcesz nowy sezon.
seasons-start-done = Sezon { $number }: { $name } wystartował; ogłoszenie jest na tym kanale.
seasons-none = Ten serwer nie rozpoczął jeszcze żadnego sezonu: `/bingo season start`.
seasons-list-line = **{ $number }.** { $name } — od { $start }
seasons-min-games-saved = Zapisano: aby pojawić się w rankingu, trzeba mieć { $min ->
    [one] { $min } mecz rankingowy
    [few] { $min } mecze rankingowe
    [many] { $min } meczów rankingowych
   *[other] { $min } meczu rankingowego
}.
seasons-rating-unlisted = **{ $ordinal }** (μ { $mu } ± { $sigma })

cmd-bingo-season =
    .name = sezon
    .description = Sezony BingoMagic na tym serwerze.
cmd-bingo-season-start =
    .name = start
    .description = Tylko z uprawnieniem Zarządzanie serwerem: rozpocznij nowy sezon.
cmd-bingo-season-start-name =
    .name = nazwa
    .description = Nazwa nowego sezonu
cmd-bingo-season-list =
    .name = lista
    .description = Sezony tego serwera.
cmd-bingo-leaderboard-season =
    .name = sezon
    .description = Sezon albo od początku (domyślnie: bieżący sezon)
cmd-bingo-stats-season =
    .name = sezon
    .description = Sezon albo od początku (domyślnie: bieżący sezon)
cmd-bingo-settings-leaderboard =
    .name = ranking
    .description = Tylko z uprawnieniem Zarządzanie serwerem: kto jest w rankingu.
cmd-bingo-settings-leaderboard-min_games =
    .name = minimum_meczów
    .description = Ile meczów rankingowych trzeba, by być w rankingu (domyślnie 5)
