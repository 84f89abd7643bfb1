# Tryb czytnika ekranu (/bingo accessibility): jedno proste zdanie o stanie gry na początku
# każdego panelu i planszy (bot/ui/accessible.py, cogs/bingo/_accessible.py).
a11y-decide-declare = Twój ruch: zatrzymaj rękę albo zrób mulligana.
a11y-decide-bottom = Twój ruch: połóż { $n ->
    [one] { $n } kartę
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
} na spód biblioteki.
a11y-decide-aside = Twój ruch: odłóż karty na bok do mulligana, potem wybierz Koniec odkładania.
a11y-decide-scry = Twój ruch: scry 1, zostaw wierzchnią kartę na wierzchu albo połóż ją na spód.
a11y-decide-main = Twój ruch: wyłóż ląd albo spasuj.
a11y-decide-counter = { $name } wykłada ląd { $land }: możesz go skontrować albo pozwolić mu się rozpatrzyć.
a11y-decide-swamp = Bagno gracza { $name }: wybierz kartę do odrzucenia.
a11y-decide-mountain = Twoja Góra: wybierz ląd na terytorium gracza { $name } do zniszczenia.
a11y-decide-forest = Twój Las: wybierz ląd, który weźmiesz do ręki.
a11y-waiting = Czekamy na gracza { $name }.
a11y-deadline = Czas mija { $deadline }.
a11y-over = Mecz zakończony.
a11y-turn = Kolejka { $turn }.
a11y-mulligans = Mulligany.
a11y-territories = Twoje terytorium: { $mine }; terytorium gracza { $name }: { $theirs }.
a11y-board-territories = Terytorium gracza { $first }: { $a }; terytorium gracza { $second }: { $b }.
a11y-near-win = { $name } potrzebuje do wygranej jeszcze jednego lądu: { $land }.
a11y-near-win-you = Potrzebujesz do wygranej jeszcze jednego lądu: { $land }.
a11y-hand = Twoja ręka: { $hand }.
a11y-holds = { $name } ma w ręce { $n ->
    [one] { $n } kartę
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
}.
a11y-library = Biblioteka: { $n ->
    [one] { $n } karta
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
}.
a11y-scry = Wierzchnia karta twojej biblioteki: { $land }.
a11y-pending = { $name } zagrywa: { $land }.
a11y-pending-you = Zagrywasz: { $land }.
a11y-last = Ostatnio: { $line }
a11y-actions = Możesz: { $actions }.
a11y-none = brak
a11y-label-counter = Kontruj: Wyspa i { $name }
a11y-event-roll-pair = { $first } { $a } przeciw { $second } { $b }
a11y-event-turn = Kolejka { $turn }: { $who }.
a11y-event-mulligan = { $who } robi mulligana numer { $number }, w ręce: { $n ->
    [one] { $n } karta.
    [few] { $n } karty.
    [many] { $n } kart.
   *[other] { $n } karty.
}
a11y-event-counter = { $who } kontruje, odrzucając: { $island } i { $other }. { $land } trafia na stos odrzuconych kart.
# Between the clauses of the sentence.
a11y-join = {" "}
# After a clause that does not end as a sentence (a moderator's reason).
a11y-full-stop = {"."}
a11y-separator = {", "}
a11y-count-plains = { $n ->
    [one] { $n } Równina
    [few] { $n } Równiny
    [many] { $n } Równin
   *[other] { $n } Równiny
}
a11y-count-island = { $n ->
    [one] { $n } Wyspa
    [few] { $n } Wyspy
    [many] { $n } Wysp
   *[other] { $n } Wyspy
}
a11y-count-swamp = { $n ->
    [one] { $n } Bagno
    [few] { $n } Bagna
    [many] { $n } Bagien
   *[other] { $n } Bagna
}
a11y-count-mountain = { $n ->
    [one] { $n } Góra
    [few] { $n } Góry
    [many] { $n } Gór
   *[other] { $n } Góry
}
a11y-count-forest = { $n ->
    [one] { $n } Las
    [few] { $n } Lasy
    [many] { $n } Lasów
   *[other] { $n } Lasu
}
a11y-on = Tryb czytnika ekranu jest włączony: każdy panel i plansza, które widzisz, zaczynają się od jednego prostego zdania: czyja jest kolej i o czym decydujesz, ile zostało czasu, oba terytoria, komu brakuje jednego lądu do wygranej, twoja ręka, co się właśnie stało i co możesz zrobić. Wyłącz go komendą `/bingo accessibility off`.
a11y-off = Tryb czytnika ekranu jest wyłączony. Włącz go komendą `/bingo accessibility on`.
a11y-offer = Tryb czytnika ekranu

## /bingo accessibility

cmd-bingo-accessibility =
    .name = dostępność
    .description = Tryb czytnika ekranu: włącz go, wyłącz albo sprawdź swój wybór.
cmd-bingo-accessibility-mode =
    .name = tryb
    .description = Włącz, wyłącz albo pokaż swój wybór
choice-a11y_on =
    .name = włącz
choice-a11y_off =
    .name = wyłącz
choice-a11y_show =
    .name = pokaż
