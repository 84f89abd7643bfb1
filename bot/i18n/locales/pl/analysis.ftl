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
    } na każdy możliwy ruch. Każdy procent to szansa na wygraną gracza wymienionego obok.
analysis-accuracy = Dokładność: **{ $accuracy }** / 100
analysis-mean-loss = Średnia strata: **{ $loss }** { $loss ->
    [one] punkt
    [few] punkty
    [many] punktów
   *[other] punktu
    } szansy na wygraną na decyzję
analysis-no-decisions = Brak decyzji do oceny.
analysis-count = { $grade }: { $count }
analysis-footer = Najlepszy: tak dobry jak najlepszy znaleziony ruch albo mniej niż 5 punktów szansy na wygraną poniżej · niedokładność: 5+ punktów straty · błąd: 10+ · gafa: 20+. Dokładność szybko spada z każdą stratą (wzór lichess), więc jedna gafa kosztuje dużo więcej niż kilka niedokładności.
analysis-grade-best = Najlepszy
analysis-grade-inaccuracy = Niedokładność
analysis-grade-mistake = Błąd
analysis-grade-blunder = Gafa
# Ocena w zdaniu („— gafa: szansa gracza …”).
analysis-grade-word = { $grade ->
    [best] najlepszy ruch
    [inaccuracy] niedokładność
    [mistake] błąd
   *[blunder] gafa
    }
analysis-progress = Analizuję… { $done } z { $total ->
    [one] { $total } decyzji
    [few] { $total } decyzji
    [many] { $total } decyzji
   *[other] { $total } decyzji
    }
analysis-busy-member = Masz już uruchomioną analizę: poczekaj, aż się skończy.
analysis-busy-server = Na tym serwerze trwa teraz zbyt wiele analiz: spróbuj ponownie za minutę.
analysis-failed = Nie udało się przeanalizować meczu #{ $id }.

## Jedna decyzja słowami: kto co zrobił, ocena, czyja szansa, lepszy ruch

analysis-did-keep = { $who } zatrzymuje rękę
analysis-did-mulligan = { $who } deklaruje mulligana
analysis-did-bottom = { $who } kładzie na spód biblioteki: { $land }
analysis-did-aside = { $who } odkłada na bok: { $land }
analysis-did-aside_done = { $who } kończy odkładanie kart
analysis-did-scry_top = { $who } zostawia na wierzchu: { $card }
analysis-did-scry_bottom = { $who } kładzie na spód: { $card }
analysis-did-place = { $who } wykłada ląd: { $land }
analysis-did-pass = { $who } pasuje
analysis-did-allow = { $who } pozwala rozpatrzyć ląd gracza { $other }: { $pending }
analysis-did-counter = { $who } kontruje ląd gracza { $other }: { $pending } ({ $island } + { $land })
analysis-did-discard = { $who } odrzuca: { $land }
analysis-did-destroy = { $who } niszczy ląd gracza { $other }: { $land }
analysis-did-take = { $who } bierze ze swojego stosu odrzuconych kart: { $land }
analysis-did-take_opp = { $who } bierze ze stosu odrzuconych kart gracza { $other }: { $land }
analysis-do-keep = zatrzymać rękę
analysis-do-mulligan = zrobić mulligana
analysis-do-bottom = położyć na spód biblioteki: { $land }
analysis-do-aside = odłożyć na bok: { $land }
analysis-do-aside_done = zakończyć odkładanie kart
analysis-do-scry_top = zostawić na wierzchu: { $card }
analysis-do-scry_bottom = położyć na spód: { $card }
analysis-do-place = wyłożyć ląd: { $land }
analysis-do-pass = spasować
analysis-do-allow = pozwolić go rozpatrzyć
analysis-do-counter = kontrować ({ $island } + { $land })
analysis-do-discard = odrzucić: { $land }
analysis-do-destroy = zniszczyć ląd gracza { $other }: { $land }
analysis-do-take = wziąć ze swojego stosu odrzuconych kart: { $land }
analysis-do-take_opp = wziąć ze stosu odrzuconych kart gracza { $other }: { $land }
analysis-step = { $move } — { $grade }: szansa gracza { $who } na wygraną { $before } % → { $after } %.
analysis-step-best = { $move } — { $grade }: szansa gracza { $who } na wygraną { $after } %.
analysis-better = Lepiej — { $better } ({ $best } %).
analysis-simulations = ({ $worlds ->
        [one] { $worlds } symulacja
        [few] { $worlds } symulacje
        [many] { $worlds } symulacji
       *[other] { $worlds } symulacji
    } na ruch)
analysis-turn = Kolejka { $turn }
analysis-turn-mulligans = Mulligany
analysis-when = kolejka { $turn }
analysis-when-mulligans = mulligany

## Kluczowe momenty: trzy największe straty każdego gracza, każda przyciskiem do pozycji sprzed ruchu

analysis-key-moments = Kluczowe momenty: { $who }
analysis-key-moment = **{ $number }** · { $when } · { $line }
analysis-no-key-moments = Żadnej niedokładności ani gorszego ruchu: każda decyzja była tak dobra jak najlepszy znaleziony ruch.
analysis-key-button = { $number } · { $who }, { $when }
analysis-key-hint = Przyciski z numerami otwierają pozycję sprzed każdego kluczowego momentu, z wyborami, jakie miał gracz { $first } lub { $second }.
analysis-choices-title = Kluczowy moment { $number } · { $when }: decyduje { $who }
analysis-choices-intro = Pozycja przed ruchem. Możliwości gracza { $who }, każda z szansą gracza { $who } na wygraną po niej:
analysis-choice-played = zagrany, { $grade }
analysis-choice-best = najlepszy
analysis-choice-played-best = zagrany, najlepszy
analysis-choices-next = **Dalej** pokazuje zagrany ruch.
analysis-not-analysed = Ten mecz nie ma jeszcze analizy: najpierw użyj przycisku **Analiza**.

## Wykres (obraz: kilka słów w wierszu)

analysis-chart-title = Szansa gracza { $name } na wygraną
analysis-chart-turn = Kolejka
analysis-chart-whose = Błędy gracza:
analysis-chart-alt = Wykres szansy gracza { $name } na wygraną w trakcie meczu, kolejka po kolejce (szansa gracza { $other } to reszta): { $start } % po pierwszej ocenionej decyzji, { $end } % po ostatniej. { $errors }
analysis-chart-alt-player = { $who }: { $marks }.
analysis-chart-alt-none = { $who }: żadnej niedokładności ani gorszego ruchu.
analysis-chart-alt-mark = { $grade } ({ $when })

## Powtórki: prywatna karta nazwana dla każdego czytelnika (mecz się skończył, obie ręce są widoczne)

replay-event-draw = { $who } dobiera: { $card }.
replay-event-bottom = { $who } kładzie na spód biblioteki: { $card }.

cmd-bingo-analyse =
    .name = analiza
    .description = Oceń każdą decyzję zakończonego meczu BingoMagic z tego serwera.
cmd-bingo-analyse-match =
    .name = mecz
    .description = Numer meczu (widoczny na jego planszy i w wyniku)
