# Mecze BingoMagic: plansza, panele ręki, dziennik meczu, wyzwania i odpowiedzi.
# Imiona ($who, $other, $winner …) są już bezpieczne do pokazania; $land i $card to ląd
# z emoji („🔥 Góra”, w mianowniku: zdania stawiają go jako podmiot albo po dwukropku);
# $deadline to znacznik czasu Discorda („<t:…:R>”, np. „za 5 minut”).
# Słowa z polskich zasad mulligana: ręka, biblioteka, zrobić mulligana, zatrzymać rękę,
# wtasować, dobrać, kolejka (tura), rozpoczynający gracz, scry 1.

## Dlaczego mecz się zakończył (po „wygrywa:” albo w „remis (…)”)

bingo-reason-five-of-a-color = pięć lądów jednego koloru
bingo-reason-five-colors = po jednym lądzie każdego koloru
bingo-reason-resign = poddanie
bingo-reason-timeout = { $n ->
    [one] { $n } kolejka z rzędu bez ruchu w czasie
    [few] { $n } kolejki z rzędu bez ruchu w czasie
    [many] { $n } kolejek z rzędu bez ruchu w czasie
   *[other] { $n } kolejki z rzędu bez ruchu w czasie
}
bingo-reason-passes = { $n ->
    [one] { $n } pas z rzędu
    [few] { $n } pasy z rzędu
    [many] { $n } pasów z rzędu
   *[other] { $n } pasu z rzędu
}
bingo-reason-turn-limit = limit kolejek ({ $n })
bingo-reason-no-result = mecz nie mógł być kontynuowany
bingo-reason-moderator = zakończył go moderator

## Wyniki

bingo-result-no-result = ⛔ Mecz zakończył się bez wyniku: nie mógł być kontynuowany na swoim kanale.
bingo-result-no-result-tournament-time = ⛔ Czas rundy minął przed końcem meczu: w turnieju to remis.
bingo-result-no-result-tournament-report = ⛔ Mecz przerwano: organizator wpisał jego wynik w turnieju.
bingo-result-moderator = ⛔ Moderator zakończył mecz bez wyniku (nie liczy się nikomu). Powód: { $reason }
bingo-result-moderator-no-reason = ⛔ Moderator zakończył mecz bez wyniku (nie liczy się nikomu).
bingo-result-draw = 🤝 Mecz kończy się remisem ({ $reason }).
bingo-result-win = 🏆 **{ $winner }** wygrywa: { $reason }!
bingo-result-post = { $result } (BingoMagic #{ $id }, { $turns ->
    [one] { $turns } kolejka
    [few] { $turns } kolejki
    [many] { $turns } kolejek
   *[other] { $turns } kolejki
})
# Wynik gracza na jego panelu.
bingo-result-you-win = **Wygrywasz**: { $reason }!
bingo-result-you-win-resign = **Wygrywasz**: { $other } poddaje mecz.
bingo-result-you-win-timeout = **Wygrywasz**: graczowi { $other } skończył się czas ({ $reason }).
bingo-result-you-lose = **Przegrywasz**: { $other } wygrywa ({ $reason }).
bingo-result-you-resigned = **Poddajesz mecz**: wygrywa { $other }.
bingo-result-you-timed-out = **Przegrywasz**: skończył ci się czas ({ $reason }).

## Dziennik meczu

bingo-event-roll-pair = { $first } 🎲{ $a } – { $second } 🎲{ $b }
bingo-event-roll = Rzuty kością: { $rolls }. Zaczyna **{ $starter }**.
bingo-event-declare-auto = { $who } nie ma już kart i musi zatrzymać rękę.
bingo-event-declare-keep = { $who } zatrzymuje rękę.
bingo-event-declare-mulligan = { $who } deklaruje mulligana.
bingo-event-mulligan = { $who } robi mulligana nr { $number } → { $n ->
    [one] { $n } karta.
    [few] { $n } karty.
    [many] { $n } kart.
   *[other] { $n } karty.
}
bingo-event-bottom-own = Kładziesz na spód biblioteki: { $card }.
bingo-event-bottom = { $who } kładzie kartę na spód biblioteki.
bingo-event-aside = { $who } odkłada na bok { $n ->
    [one] { $n } kartę.
    [few] { $n } karty.
    [many] { $n } kart.
   *[other] { $n } karty.
}
bingo-event-aside-returned = { $n ->
    [one] Odłożona karta gracza { $who } zostaje wtasowana do biblioteki.
    [few] { $n } odłożone karty gracza { $who } zostają wtasowane do biblioteki.
    [many] { $n } odłożonych kart gracza { $who } zostaje wtasowanych do biblioteki.
   *[other] { $n } odłożonej karty gracza { $who } zostaje wtasowane do biblioteki.
}
bingo-event-scry-own-top = { $who } robi scry 1 i zostawia na wierzchu: { $card }.
bingo-event-scry-own-bottom = { $who } robi scry 1 i kładzie na spód: { $card }.
bingo-event-scry-top = { $who } robi scry 1 i zostawia kartę na wierzchu.
bingo-event-scry-bottom = { $who } robi scry 1 i kładzie kartę na spód.
bingo-event-scry-skipped = { $who } nie ma karty do scry.
bingo-event-turn = — Kolejka { $turn }: **{ $who }** —
bingo-event-draw-own = Dobierasz: { $card }.
bingo-event-draw = { $who } dobiera kartę.
bingo-event-no-draw = { $who } nie może dobrać karty: biblioteka i oba stosy odrzuconych kart są puste.
bingo-event-reshuffle = Biblioteka jest pusta: oba stosy odrzuconych kart zostają wtasowane w nową bibliotekę ({ $n ->
    [one] { $n } karta
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
}).
bingo-event-announce = { $who } wykłada ląd: { $land }.
bingo-event-counter = { $who } **kontruje** ({ $island } + { $other })! { $land } trafia na stos odrzuconych kart.
bingo-event-resolve = { $land } wchodzi na terytorium gracza { $who }.
bingo-event-discard = { $who } odrzuca: { $land }.
bingo-event-destroy = { $who } niszczy ląd gracza { $target }: { $land }.
bingo-event-take-own = { $who } bierze ze swojego stosu odrzuconych kart: { $land }.
bingo-event-take = { $who } bierze ze stosu odrzuconych kart gracza { $source }: { $land }.
bingo-event-no-effect = { $land }: nic do zrobienia.
bingo-event-pass = { $who } pasuje.
bingo-event-timeout = ⏰ { $who } — koniec czasu.
bingo-event-resign = 🏳️ { $who } się poddaje.

## Na co czeka mecz (słowa publiczne: nigdy ręka)

bingo-over = Mecz się zakończył.
bingo-waiting-declare = Czekam, aż **{ $who }** zatrzyma rękę albo zrobi mulligana
bingo-waiting-bottom = Czekam, aż **{ $who }** położy karty na spód
bingo-waiting-aside = Czekam, aż **{ $who }** odłoży karty na bok
bingo-waiting-scry = Czekam, aż **{ $who }** zrobi scry
bingo-waiting-main = Czekam, aż **{ $who }** wyłoży ląd albo spasuje
bingo-waiting-counter = Czekam, aż **{ $who }** skontruje albo pozwoli rozpatrzyć
bingo-waiting-swamp = Czekam, aż **{ $who }** odrzuci kartę (Bagno)
bingo-waiting-mountain = Czekam, aż **{ $who }** wybierze ląd do zniszczenia (Góra)
bingo-waiting-forest = Czekam, aż **{ $who }** wybierze ląd do wzięcia (Las)

## Publiczna plansza

bingo-board-title = BingoMagic #{ $id } — { $first } kontra { $second }
bingo-board-turn = Kolejka { $turn } · { $waiting }
bingo-board-mulligans = Mulligany · { $waiting }
bingo-board-deadline = (czas mija { $deadline })
bingo-board-stack = Zagrywany ląd: { $land }
bingo-board-player =
    Terytorium: { $territory }
    Ręka: { $hand ->
        [one] { $hand } karta
        [few] { $hand } karty
        [many] { $hand } kart
       *[other] { $hand } karty
    }
    Stos odrzuconych: { $discard }
bingo-board-library = Biblioteka
bingo-board-library-size = { $n ->
    [one] { $n } karta
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
}
bingo-board-recent = Ostatnie ruchy
bingo-board-footer = Mecz #{ $id } · { $rules }

## Zasady stołu w kilku słowach

bingo-rules-mulligans = { $rule }
bingo-rules-free-first = , pierwszy darmowy
bingo-rules-sequential = , po kolei
bingo-rules-forest = , Las z obu stosów

## Prywatny panel gracza

bingo-panel-title = Ręka: { $name } — BingoMagic #{ $id }
bingo-panel-deadline = Czas mija { $deadline }.
bingo-panel-hand = Ręka
bingo-panel-hand-empty = (pusta)
bingo-panel-territories = Terytoria
bingo-panel-you = Ty: { $line }
bingo-panel-other = { $name }: { $line }
bingo-panel-footer = Mecz #{ $id } · tylko ty to widzisz
bingo-prompt-waiting = { $waiting }.
bingo-prompt-declare = **Zatrzymać rękę czy zrobić mulligana?**
bingo-prompt-declare-partial = Mulligan odkłada karty na bok i dobiera o jedną kartę mniej.
bingo-prompt-declare-next = { $n ->
    [one] Po mulliganie będziesz mieć { $n } kartę.
    [few] Po mulliganie będziesz mieć { $n } karty.
    [many] Po mulliganie będziesz mieć { $n } kart.
   *[other] Po mulliganie będziesz mieć { $n } karty.
}
bingo-prompt-declared = Już zadeklarowano: { $list }.
bingo-prompt-declared-keeps = { $who } zatrzymuje rękę
bingo-prompt-declared-mulligans = { $who } robi mulligana
bingo-prompt-bottom = { $n ->
    [one] **Połóż { $n } kartę na spód** biblioteki.
    [few] **Połóż { $n } karty na spód** biblioteki.
    [many] **Połóż { $n } kart na spód** biblioteki.
   *[other] **Połóż { $n } karty na spód** biblioteki.
}
bingo-prompt-aside = **Odłóż karty na bok** do mulligana (na razie: { $n }), potem naciśnij Koniec odkładania.
bingo-prompt-scry = **Scry 1.** Wierzchnia karta biblioteki: { $card }.
bingo-prompt-scry-nothing = brak
bingo-prompt-main = **Twoja kolejka.** Wyłóż ląd albo spasuj.
bingo-prompt-counter = { $other } wykłada ląd: { $land }. **Skontruj go**, odrzucając Wyspę i jeszcze jedną kartę, albo pozwól mu się rozpatrzyć.
bingo-prompt-swamp = Bagno gracza { $other }: **wybierz kartę do odrzucenia.**
bingo-prompt-mountain = Twoja Góra: **wybierz ląd na terytorium gracza { $other }** do zniszczenia.
bingo-prompt-forest = Twój Las: **wybierz ląd, który weźmiesz** do ręki.

## Przyciski ($name: ląd; $other: przeciwnik)

bingo-label-keep = Zatrzymaj
bingo-label-mulligan = Mulligan
bingo-label-bottom = Na spód: { $name }
bingo-label-aside = Odłóż: { $name }
bingo-label-aside_done = Koniec odkładania
bingo-label-scry_top = Zostaw na wierzchu
bingo-label-scry_bottom = Połóż na spód
bingo-label-place = Wyłóż: { $name }
bingo-label-pass = Pasuj
bingo-label-allow = Pozwól rozpatrzyć
bingo-label-counter = Kontruj (Wyspa + { $name })
bingo-label-discard = Odrzuć: { $name }
bingo-label-destroy = Zniszcz: { $name }
bingo-label-take = Weź: { $name }
bingo-label-take_opp = Weź od gracza { $other }: { $name }
bingo-button-accept = Akceptuj
bingo-button-decline = Odmów
bingo-button-show-hand = Pokaż moją rękę
bingo-button-play-again = Zagraj ponownie

## Dostarczanie

bingo-gone-deleted = jego kanał został usunięty
bingo-gone-access = nie widzę już jego kanału
bingo-gone-permissions = nie mogę już pisać na jego kanale
bingo-gone-other = jego kanału nie można już używać
bingo-dms-closed = { $user }, twoja decyzja w BingoMagic #{ $id }: naciśnij **Pokaż moją rękę** na planszy (masz zamknięte wiadomości prywatne).
bingo-no-result-dm = ⛔ Mecz BingoMagic #{ $id } (przeciwnik: { $other }) zakończył się bez wyniku: { $why }. Nie liczy się nikomu i możesz grać dalej.

## Odpowiedzi

bingo-not-yours = To nie jest twój mecz.
bingo-panel-superseded = Ten panel jest nieaktualny, więc jego przyciski zniknęły. Twój aktualny panel: { $link }
bingo-match-over = Ten mecz się zakończył.
bingo-already-over = Ten mecz już się zakończył.
bingo-not-in-a-match = Nie grasz żadnego meczu na tym serwerze.
bingo-busy = Już grasz mecz na tym serwerze. Dokończ go albo użyj `/{ cmd-bingo.name } { cmd-bingo-resign.name }`.
bingo-resigned = Poddajesz mecz BingoMagic #{ $id }.
bingo-level = { $level ->
    [easy] łatwy
    [hard] trudny
   *[medium] średni
}
bingo-bot-match = 🤖 { $member } gra z botem ({ $level }): zaczyna się mecz BingoMagic #{ $id }. Twoja ręka jest już w drodze w wiadomości prywatnej.
bingo-bot-match-thread = 🤖 { $member } gra z botem ({ $level }): mecz BingoMagic #{ $id } zaczyna się w { $thread }. Twoja ręka jest już w drodze w wiadomości prywatnej.
bingo-play-again-not-yours = Tylko { $member } może zagrać to ponownie. Rzuć mi własne wyzwanie!
bingo-self-challenge = Nie możesz wyzwać siebie.
bingo-no-bots = Boty nie grają w BingoMagic, poza mną: wyzwij { $me }, aby zagrać z botem.
bingo-level-member = Opcja poziomu dotyczy tylko meczu ze mną: członek serwera gra tak, jak gra.

## Wyzwania

bingo-challenge-not-open = To wyzwanie nie jest już otwarte.
bingo-challenge-opponent-busy = { $name } gra już mecz.
bingo-challenge-pair = Między tobą a { $name } czeka już wyzwanie: poczekaj na odpowiedź albo aż wygaśnie.
bingo-challenge-limit = { $n ->
    [one] Masz już { $n } wyzwanie czekające na odpowiedź na tym serwerze.
    [few] Masz już { $n } wyzwania czekające na odpowiedź na tym serwerze.
    [many] Masz już { $n } wyzwań czekających na odpowiedź na tym serwerze.
   *[other] Masz już { $n } wyzwania czekającego na odpowiedź na tym serwerze.
} Poczekaj, aż któreś zostanie przyjęte, odrzucone albo wygaśnie.
bingo-challenge-post = ⚔️ { $opponent }, { $challenger } wyzywa cię na mecz BingoMagic! Zasady: { $rules }. Wyzwanie wygasa { $deadline }.
bingo-challenge-only-opponent = Tylko { $opponent } może odpowiedzieć na to wyzwanie.
bingo-challenge-declined = ❌ { $opponent } odrzuca wyzwanie od { $challenger }.
bingo-challenge-cancelled = To wyzwanie zostało anulowane: { $user } gra już mecz.
bingo-challenge-accepted = ✅ { $opponent } przyjmuje wyzwanie od { $challenger }: zaczyna się mecz BingoMagic #{ $id }. Ręce są już w drodze w wiadomościach prywatnych.
bingo-challenge-accepted-thread = ✅ { $opponent } przyjmuje wyzwanie od { $challenger }: mecz BingoMagic #{ $id } zaczyna się w { $thread }. Ręce są już w drodze w wiadomościach prywatnych.
# Nazwa wątku meczu (najwyżej 100 znaków: imiona są skracane).
bingo-thread-name = BingoMagic #{ $id } · { $first } kontra { $second }
bingo-challenge-expired = ⌛ Wyzwanie od { $challenger } dla { $opponent } wygasło.

## Statystyki i ranking

bingo-stats-line = { $wins } W · { $losses } P · { $draws } R · { $rate }% (rozegrane: { $played })
bingo-stats-title = BingoMagic — { $name }
bingo-stats-none = Na tym serwerze nie ma jeszcze zakończonych meczów.
bingo-stats-wins = Wygrane
bingo-stats-losses = Przegrane
bingo-stats-draws = Remisy
bingo-stats-win-rate = Odsetek wygranych
bingo-stats-rank = Miejsce
bingo-stats-against-bot = Przeciwko botowi
bingo-stats-level-line = { $level }: { $line }
bingo-stats-recent = Ostatnie
bingo-stats-no-result = bez wyniku
bingo-stats-draw = remis
bingo-stats-win = wygrana
bingo-stats-loss = przegrana
bingo-stats-recent-line = #{ $id } (przeciwnik: { $opponent }): { $outcome } { $turns ->
    [one] w { $turns } kolejce
   *[other] w { $turns } kolejkach
}
bingo-stats-recent-bot-line = #{ $id } z botem ({ $level }): { $outcome } { $turns ->
    [one] w { $turns } kolejce
   *[other] w { $turns } kolejkach
}
bingo-leaderboard-title = Ranking BingoMagic
bingo-leaderboard-your-rank = Twoje miejsce
bingo-leaderboard-none-yet = Nie masz jeszcze zakończonego meczu na tym serwerze.
bingo-leaderboard-footer = Kolejność według wygranych, potem odsetka wygranych, w meczach między członkami serwera.

## /bingo language

bingo-language-set = Będę pisać do ciebie prywatnie po polsku.
bingo-language-auto = Będę pisać do ciebie prywatnie w języku twojego Discorda ({ $language }).

## Bliskie wygrane na publicznej planszy (cogs/bingo/_render.py board_embed)
bingo-board-near-win = ⚠️ { $name } potrzebuje do wygranej jeszcze jednego lądu: { $land }
