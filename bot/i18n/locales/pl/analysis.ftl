## Analiza meczu (/bingo analyse, przycisk Analiza w powtórce)

analysis-button = Analiza
analysis-worst = Największy błąd
analysis-step-through = Przejdź przez mecz
analysis-field = Analiza
analysis-title = Analiza BingoMagic #{ $id } — { $first } kontra { $second }
analysis-description = { $graded ->
    [one] Oceniono jedną decyzję
    [few] Oceniono { $graded } decyzje
    [many] Oceniono { $graded } decyzji
   *[other] Oceniono { $graded } decyzji
    }, każdą na podstawie tego, co jej gracz wtedy widział (ukryte karty są losowane, nigdy odczytywane), po co najmniej { $worlds ->
        [one] { $worlds } symulowanym meczu
        [few] { $worlds } symulowane mecze
        [many] { $worlds } symulowanych meczów
       *[other] { $worlds } symulowanego meczu
    } na każdy możliwy ruch (więcej, gdy ocena była niepewna). Dwa ruchy bliższe sobie, niż symulacja potrafi rozróżnić, liczą się oba jako najlepsze.
analysis-accuracy = Dokładność: **{ $accuracy }** / 100
analysis-no-decisions = Brak decyzji do oceny.
analysis-count = { $grade }: { $count }
analysis-footer = Najlepszy · dobry (poniżej 5 punktów straty) · niedokładność (5+) · błąd (10+) · gafa (20+ punktów szansy na wygraną). Przejdź przez mecz, aby zobaczyć każdą ocenę.
analysis-grade-best = Najlepszy
analysis-grade-good = Dobry
analysis-grade-inaccuracy = Niedokładność
analysis-grade-mistake = Błąd
analysis-grade-blunder = Gafa
analysis-note = { $grade } — { $chance } % szansy na wygraną po tym ruchu ({ $worlds ->
        [one] { $worlds } symulacja
        [few] { $worlds } symulacje
        [many] { $worlds } symulacji
       *[other] { $worlds } symulacji
    })
analysis-better = Lepiej: { $move }: { $best } % zamiast { $chosen } %
analysis-progress = Analizuję… { $done } z { $total ->
    [one] { $total } decyzji
    [few] { $total } decyzji
    [many] { $total } decyzji
   *[other] { $total } decyzji
    }
analysis-busy-member = Masz już uruchomioną analizę: poczekaj, aż się skończy.
analysis-busy-server = Na tym serwerze trwa teraz zbyt wiele analiz: spróbuj ponownie za minutę.
analysis-failed = Nie udało się przeanalizować meczu #{ $id }.
analysis-chart-title = Szansa, że { $name } wygra, decyzja po decyzji
analysis-chart-legend = czerwony: gafa · pomarańczowy: błąd
analysis-chart-alt = Wykres szansy { $name } na wygraną w trakcie meczu: { $start } % po pierwszej ocenionej decyzji, { $end } % po ostatniej. Gafy przy decyzjach: { $blunders }.

cmd-bingo-analyse =
    .name = analiza
    .description = Oceń każdą decyzję zakończonego meczu BingoMagic z tego serwera.
cmd-bingo-analyse-match =
    .name = mecz
    .description = Numer meczu (widoczny na jego planszy i w wyniku)
