## Zadania (/bingo puzzle, docs/puzzles.md)

cmd-bingo-puzzle =
    .name = zadanie
    .description = Zadanie z prawdziwego meczu: znajdź najlepszy ruch (widzisz je tylko ty).
cmd-bingo-daily-puzzle =
    .name = zadanie-dnia
    .description = Zadanie dnia tego serwera (widzisz je tylko ty).

puzzle-title = 🧩 Zadanie #{ $id }: znajdź najlepszy ruch
puzzle-from-own = Z twojego meczu #{ $match }: ucz się na swoich błędach
puzzle-from-server = Z meczu #{ $match } na tym serwerze
puzzle-from-selfplay = Z meczu, który rozegrałem sam ze sobą
puzzle-from-daily = Zadanie dnia · { $date }
puzzle-seat = Grasz jako **{ $name }**.
puzzle-bot-name = { $level ->
    [easy] Bot łatwy
    [hard] Bot trudny
   *[medium] Bot średni
}
puzzle-turn = Kolejka { $turn }.
puzzle-mulligans = Mulligany, przed pierwszą kolejką.
puzzle-last = Tuż przedtem: { $line }
puzzle-answered-before = To zadanie było już przez ciebie rozwiązywane: ta odpowiedź nie wpływa na ranking.
puzzle-hand = Twoja ręka
puzzle-table = Stół
puzzle-table-you = Ty: { $territory } · stos odrzuconych { $discard }
puzzle-table-other = { $name }: { $territory } · stos odrzuconych { $discard } · w ręce: { $hand ->
        [one] { $hand } karta
        [few] { $hand } karty
        [many] { $hand } kart
       *[other] { $hand } karty
    }
puzzle-table-library = Biblioteka: { $library ->
        [one] { $library } karta
        [few] { $library } karty
        [many] { $library } kart
       *[other] { $library } karty
    }
puzzle-footer = Twój ranking zadań: { $rating } · seria: { $streak ->
        [one] { $streak } dzień
        [few] { $streak } dni
        [many] { $streak } dni
       *[other] { $streak } dnia
    } · widzisz to tylko ty
puzzle-picture-alt = Stół w tym zadaniu. { $board }

puzzle-solved = ✅ Rozwiązane! Zadanie #{ $id }
puzzle-missed = ❌ To nie najlepszy ruch. Zadanie #{ $id }
puzzle-you-chose = Twój wybór: **{ $move }**.
puzzle-best = Najlepszy ruch: **{ $move }**.
puzzle-played-own = W twoim meczu wybrano: { $move }.
puzzle-played-other = W meczu gracz na ruchu wybrał: { $move }.
puzzle-chances-head = Szansa, że { $name } (gracz na ruchu) wygra, po każdym ruchu
puzzle-chance-line = { $mark } { $move }: { $chance } %
puzzle-chances-note = Oszacowana tylko z informacji dostępnych wtedy graczowi na ruchu ({ $name }; ukryte karty są losowane, nigdy odczytywane), po { $worlds ->
        [one] { $worlds } symulowanym meczu
        [few] { $worlds } symulowane mecze
        [many] { $worlds } symulowanych meczów
       *[other] { $worlds } symulowanego meczu
    } na ruch. ✅ najlepszy · 👉 twoja odpowiedź · 🎯 zagrany w meczu.
puzzle-rating-change = Twój ranking zadań: { $before } → **{ $after }** ({ $delta }).
puzzle-not-rated = Bez wpływu na ranking: liczy się tylko pierwsza odpowiedź na zadanie.
puzzle-streak = Seria: { $streak ->
        [one] { $streak } dzień
        [few] { $streak } dni
        [many] { $streak } dni
       *[other] { $streak } dnia
    } z rzędu z rozwiązanym zadaniem (rekord: { $best }).
puzzle-rating-of-puzzle = Ranking tego zadania: { $rating } · poprawne pierwsze odpowiedzi: { $solved } z { $attempts }.

puzzle-button-replay = Powtórka meczu
puzzle-button-next = Następne zadanie
puzzle-button-again = Spróbuj ponownie
puzzle-button-solve = Rozwiąż
puzzle-replay-footer = Zadanie #{ $id } · { $rules }
puzzle-replay-selfplay-title = Powtórka: mecz, który rozegrałem sam ze sobą
puzzle-none = Na razie nie ma dla ciebie więcej zadań: odpowiedziano na wszystkie dostępne tutaj. Nowe powstają z przeanalizowanych meczów (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-none-today = Ten serwer nie ma jeszcze zadania dnia: zadania powstają z przeanalizowanych meczów (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-gone = Tego zadania już nie ma: jego mecz został usunięty.
puzzle-day-over = Ten dzień już się skończył: dzisiejsze zadanie znajdziesz przez `/{ cmd-bingo.name } { cmd-bingo-daily-puzzle.name }`.
puzzle-post-title = 🧩 Zadanie dnia · { $date }
puzzle-post-text = Pozycja z prawdziwego meczu: znajdź najlepszy ruch. Naciśnij **Rozwiąż**: zadanie i twoją odpowiedź widzisz tylko ty. Twoja pierwsza dzisiejsza odpowiedź liczy się do rankingu zadań i serii.
privacy-export-about-puzzles = puzzles: twój ranking zadań (Glicko-2: rating, na początku 1500; rd, jego niepewność, na początku 350; volatility), zadania, na które odpowiedziano i które rozwiązano, seria dni z rozwiązanym zadaniem, każda odpowiedź (wybrany ruch, czy był najlepszy, ranking przed i po) oraz zadania powstałe z twoich decyzji (ich mecz i krok).
