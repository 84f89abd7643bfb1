# /privacy: dane członka, wyeksportowane albo usunięte (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Oto wszystko, co o tobie przechowuję, w pliku JSON. Tylko ty widzisz tę wiadomość.
privacy-export-about-times = Czasy są podane w UTC, w formacie ISO 8601 (2026-11-29T02:15:00Z); dni ręki dnia to daty (RRRR-MM-DD).
privacy-export-about-ids = Identyfikatory to identyfikatory Discorda zapisane jako tekst. Nazwy obok to te, które zna bot: obecna nazwa serwera, obecna nazwa zablokowanego przez ciebie członka, nazwa przeciwnika z początku meczu. null: nieznana (bot opuścił serwer albo konto już nie istnieje).
privacy-export-about-rating = Ratingi liczy model Plackett–Luce z biblioteki openskill (openskill.me), osobno na każdym serwerze: od początku i w każdym sezonie. Liczą się tylko mecze między członkami, nie mecze z botem.
privacy-export-about-mu = mu (μ): szacunek twoich umiejętności. Każdy zaczyna od 25.
privacy-export-about-sigma = sigma (σ): jak niepewny jest ten szacunek. Zaczyna od 8,33, maleje, gdy grasz, i powoli rośnie, gdy nie grasz.
privacy-export-about-ordinal = ordinal = μ − 3σ: rating, który bot pokazuje i według którego układa rankingi; 0 dla nowego członka. Rośnie, gdy wygrywasz i gdy szacunek staje się pewniejszy.
privacy-export-about-last-delta = last_delta: o ile zmienił się twój pokazywany rating (ordinal) w ostatnim ocenianym meczu; last_played: kiedy ten mecz się skończył.
privacy-export-about-seasons = seasons: twój rating i wyniki w każdym sezonie serwera; sezon 0 to wszystko sprzed pierwszego sezonu serwera.
privacy-export-about-deleted = Przeciwnik rodzaju „deleted member” usunął swoje dane: mecz zostaje w twojej historii i nadal liczy się do twoich wyników i ratingu.
privacy-delete-ask = Usunąć wszystko, co o tobie przechowuję: wyniki, ratingi, talie, odpowiedzi na rękę dnia i ustawienia, na każdym serwerze? Twoje zakończone mecze z innymi członkami zostaną w historii przeciwników jako rozegrane przez „usuniętego członka” i nadal będą się liczyć do ich wyników i ratingów. Tego nie można cofnąć.
privacy-delete-confirm = Usuń moje dane
privacy-delete-cancel = Anuluj
privacy-delete-cancelled = Nic nie zostało usunięte.
privacy-deleted = Gotowe: twoje dane zostały usunięte. Twoi przeciwnicy zachowują rozegrane z tobą mecze, pokazane jako rozegrane przez „usuniętego członka”.
privacy-not-yours = Odpowiedzieć może tylko członek, który o to poprosił.
privacy-busy-match = Trwa twój mecz: dokończ go albo się poddaj (`/bingo resign`), a potem poproś ponownie.
privacy-busy-tournament = Grasz w turnieju, który jeszcze trwa, albo go organizujesz: wycofaj się albo poczekaj na koniec, a potem poproś ponownie.
privacy-deleted-member = usunięty członek

cmd-privacy =
    .name = prywatność
    .description = Twoje dane: pobierz kopię albo je usuń.
cmd-privacy-export =
    .name = eksport
    .description = Pobierz plik ze wszystkim, co o tobie przechowuję.
cmd-privacy-delete =
    .name = usuń
    .description = Usuń wszystko, co o tobie przechowuję.
