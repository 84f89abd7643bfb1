# /mulligan: ręce treningowe, trener, talie, szanse, statystyki i ranking.
# Nazwy komend w tekście pochodzą z commands.ftl ({ cmd-mulligan.name } …), więc zgadzają
# się z tym, co pokazuje klient Discorda czytelnika. Słowa z polskich zasad mulligana:
# otwierająca ręka, biblioteka, zrobić mulligana, zatrzymać rękę, scry 1.

## Zasady mulligana (RULES §2) i gotowe talie

mulligan-rule-paris = Mulligan paryski (1997)
mulligan-rule-vancouver = Mulligan Vancouver (2015)
mulligan-rule-london = Mulligan londyński (2019)
mulligan-rule-partial_paris = Częściowy mulligan paryski
mulligan-rule-early_1994 = Pierwszy oficjalny mulligan (1994)
mulligan-preset-constructed = Constructed (60 kart, 24 lądy)
mulligan-preset-limited = Limited (40 kart, 17 lądów)
mulligan-preset-commander = Commander (99 + dowódca, 36 lądów)
mulligan-preset-bingomagic = BingoMagic (60 lądów podstawowych)
mulligan-choice-constructed = Gotowa: Constructed (60 kart, 24 lądy)
mulligan-choice-limited = Gotowa: Limited (40 kart, 17 lądów)
mulligan-choice-commander = Gotowa: Commander (99 + dowódca, 36 lądów)
mulligan-choice-bingomagic = Gotowa: BingoMagic (60 lądów podstawowych, ręce po 5 kart)
mulligan-choice-saved = Zapisana: { $name }
mulligan-card-land = Ląd
mulligan-card-spell = Czar

## Ręka treningowa

mulligan-hand-title = Otwierająca ręka — { $deck }
mulligan-hand-lands = Lądy ({ $count })
mulligan-hand-spells = Czary ({ $count })
mulligan-hand-unchecked = Jeszcze niesprawdzone, liczone jako czary
mulligan-hand-unchecked-text = Nie udało się połączyć ze Scryfallem, żeby sprawdzić te karty; sprawdzę je ponownie przy następnym treningu z tą talią: { $names }
mulligan-footer-rule = { $rule }
mulligan-footer-rule-free = { $rule }, pierwszy darmowy
mulligan-footer-play = { $play ->
        [play] zaczynasz
       *[draw] grasz jako drugi
    }
mulligan-footer-taken = wykonane mulligany: { $count }
mulligan-prompt-1994-needs = **Zatrzymać?** Mulligan z 1994 roku wymaga ręki z samych lądów albo bez żadnego lądu.
mulligan-prompt-no-more = **Zatrzymaj.** Kolejne mulligany nie są już możliwe.
mulligan-prompt-partial-paris = **Zatrzymać rękę czy zrobić mulligana?** Mulligan odkłada karty na bok i dobiera o jedną mniej (ta ręka: { $size ->
        [one] { $size } karta
        [few] { $size } karty
        [many] { $size } kart
       *[other] { $size } karty
    } → { $next }).
mulligan-prompt-1994 = **Zatrzymać rękę czy zrobić mulligana?** Ta ręka spełnia warunek mulligana z 1994 roku: nowa, pełna ręka.
mulligan-prompt-next = **Zatrzymać rękę czy zrobić mulligana?** Następny mulligan da ci { $next } { $next ->
        [one] kartę
        [few] karty
        [many] kart
       *[other] karty
    }.
mulligan-prompt-bottom = **Wybierz { $count ->
        [one] { $count } kartę
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    } do położenia na spód** biblioteki.
mulligan-prompt-aside = **Wybierz karty do odłożenia na bok.** Dobierasz o jedną kartę mniej, niż odłożysz.
mulligan-prompt-scry = **Scry 1.** Wierzchnia karta twojej biblioteki to **{ $card }**. Na wierzch czy na spód?
mulligan-scry-nothing = brak
mulligan-kept = Ręka zatrzymana.
mulligan-button-keep = Zatrzymaj
mulligan-button-mulligan = Mulligan
mulligan-button-top = Na wierzch
mulligan-button-bottom = Na spód
mulligan-button-again = Trenuj dalej
mulligan-select-bottom = { $count ->
        [one] Wybierz { $count } kartę na spód
        [few] Wybierz { $count } karty na spód
        [many] Wybierz { $count } kart na spód
       *[other] Wybierz { $count } karty na spód
    }
mulligan-select-aside = Wybierz karty do odłożenia na bok
mulligan-option-land = (ląd)
mulligan-hand-in-dms = Twoja ręka czeka w wiadomościach prywatnych.
mulligan-dms-closed = Masz zamknięte wiadomości prywatne, więc pokazuję ją tutaj, tylko tobie.
mulligan-dm-failed = Nie udało mi się wysłać ci wiadomości prywatnej, więc pokazuję ją tutaj, tylko tobie.

## Trener

mulligan-coach-keep = **Trener.** Zatrzymując { $cards ->
        [one] tę { $cards } kartę
        [few] te { $cards } karty
        [many] te { $cards } kart
       *[other] te { $cards } karty
    }, zagrywasz ląd w każdej kolejce aż do kolejki { $turns } { $play ->
        [play] (gdy zaczynasz)
       *[draw] (gdy grasz jako drugi)
    } w **{ $percent }** przypadków.
mulligan-coach-empty-library = **Trener.** Twoja biblioteka jest pusta, więc pierwsze dobranie { $play ->
        [play] (gdy zaczynasz)
       *[draw] (gdy grasz jako drugi)
    } przegrywa grę: nie ma czego liczyć.
mulligan-coach-runs-out = Twoja biblioteka jest pusta od kolejki { $turn }, więc to zatrzymanie ręki nie jest oceniane.
mulligan-coach-keep-better = ✅ Zatrzymanie ręki było lepszym wyborem.
mulligan-coach-mulligan-better = ❌ Mulligan dałby lepszy wynik.
mulligan-next-draws = Twoje następne dobrania: { $cards }.
mulligan-next-draws-none = brak
mulligan-coach-estimating = **Trener.** Szacuję twoją szansę na wygranie meczu BingoMagic tą ręką w porównaniu z mulliganem… (to potrwa sekundę lub dwie)
mulligan-coach-failed = **Trener.** Tym razem szacowanie się nie udało; brak wyniku.
mulligan-coach-bingo = **Trener.** Zatrzymując { $cards ->
        [one] tę { $cards } kartę
        [few] te { $cards } karty
        [many] te { $cards } kart
       *[other] te { $cards } karty
    } { $play ->
        [play] (gdy zaczynasz)
       *[draw] (gdy grasz jako drugi)
    }, wygrywasz mecz BingoMagic w { $estimate } przypadków, według { $games ->
        [one] { $games } symulowanego meczu
       *[other] { $games } symulowanych meczów
    }, w których średnie AI gra za obu graczy.
mulligan-coach-estimate = **{ $percent }** (przedział 95%: { $low }–{ $high })
mulligan-coach-unrated = Mulligan nie był możliwy, więc to zatrzymanie ręki nie jest oceniane.
mulligan-coach-bingo-instead = Mulligan do { $size ->
        [one] { $size } karty
       *[other] { $size } kart
    }: { $estimate }. { $verdict }

## Odmowy i błędy (prywatne)

mulligan-not-yours = To nie jest twoja ręka treningowa.
mulligan-expired = Tej ręki treningowej już nie ma: rozdania są przechowywane przez { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    }. Zacznij nową komendą `/{ cmd-mulligan.name } { cmd-mulligan-practice.name }`.
mulligan-1994-refusal = Mulligan z 1994 roku jest dla talii Magic: tutaj każda karta jest lądem.
mulligan-deck-too-many = { $count ->
        [one] Masz { $count } zapisaną talię
        [few] Masz { $count } zapisane talie
        [many] Masz { $count } zapisanych talii
       *[other] Masz { $count } zapisanej talii
    }, najwięcej, ile może mieć członek serwera ({ $max }). Najpierw usuń jedną komendą `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-delete.name }` albo zapisz talię pod nazwą jednej ze swoich talii.
mulligan-no-such-deck = Nie masz zapisanej talii o nazwie „{ $name }”. Zapisz ją komendą `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-too-big = „{ $name }” ma { $count ->
        [one] { $count } kartę
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }; talia może mieć ich najwyżej { $max }. Zapisz ją ponownie z mniejszą liczbą kart.
mulligan-deck-name-blank = Nazwa talii musi mieć co najmniej jeden znak poza spacjami.
mulligan-odds-need-deck = Podaj talię albo obie opcje: `{ cmd-mulligan-odds-size.name }` i `{ cmd-mulligan-odds-lands.name }`.
mulligan-odds-too-many-lands = Talia nie może mieć więcej lądów niż kart.

## Zapisane talie (prywatne)

mulligan-modal-title = Zapisz listę talii
mulligan-modal-label = Lista talii
mulligan-no-decks = Nie masz zapisanych talii. Użyj `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-line = **{ $name }** — { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }, { $lands ->
        [one] { $lands } ląd
        [few] { $lands } lądy
        [many] { $lands } lądów
       *[other] { $lands } lądu
    }{ $unchecked ->
        [0] {""}
        [one] , { $unchecked } jeszcze niesprawdzona
        [few] , { $unchecked } jeszcze niesprawdzone
        [many] , { $unchecked } jeszcze niesprawdzonych
       *[other] , { $unchecked } jeszcze niesprawdzonej
    }
mulligan-deck-line-too-big = **{ $name }** — { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    } (za dużo do treningu)
mulligan-deck-deleted = Usunięto **{ $name }**.
mulligan-more = …i jeszcze { $count }.
mulligan-more-short = jeszcze { $count }
mulligan-save-bad-lines = Nic nie zostało zapisane. Popraw te wiersze:
mulligan-save-bad-line = Wiersz { $number }: { $line } — { $reason }
mulligan-save-too-few = Nic nie zostało zapisane: talia ma { $count ->
        [one] { $count } kartę
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }; trening wymaga co najmniej { $min }.
mulligan-saved = Zapisano **{ $name }**: { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }, { $lands ->
        [one] { $lands } ląd
        [few] { $lands } lądy
        [many] { $lands } lądów
       *[other] { $lands } lądu
    }{ $unchecked ->
        [0] {""}
        [one] , { $unchecked } jeszcze niesprawdzona
        [few] , { $unchecked } jeszcze niesprawdzone
        [many] , { $unchecked } jeszcze niesprawdzonych
       *[other] , { $unchecked } jeszcze niesprawdzonej
    }.
mulligan-saved-commander = Dowódca: { $names }.
mulligan-saved-unchecked = Nie udało się połączyć ze Scryfallem, żeby sprawdzić te karty, więc na razie liczą się jako czary. Sprawdzę je ponownie, gdy będziesz trenować z tą talią, zapytasz o jej szanse albo wyświetlisz swoje talie:

## Szanse (publiczne: w języku serwera)

mulligan-odds-title = Szanse — { $deck }
mulligan-odds-custom-deck = { $size ->
        [one] { $size } karta
        [few] { $size } karty
        [many] { $size } kart
       *[other] { $size } karty
    }, { $lands ->
        [one] { $lands } ląd
        [few] { $lands } lądy
        [many] { $lands } lądów
       *[other] { $lands } lądu
    }
mulligan-odds-lands-in-hand = Lądy w otwierającej ręce ({ $size ->
        [one] { $size } karta
        [few] { $size } karty
        [many] { $size } kart
       *[other] { $size } karty
    })
mulligan-odds-lands-row = { $lands ->
        [one] { $lands } ląd:
        [few] { $lands } lądy:
        [many] { $lands } lądów:
       *[other] { $lands } lądu:
    }
mulligan-odds-kept-size = Rozmiar zatrzymanej ręki ({ $policy })
mulligan-odds-kept-row = { $size ->
        [one] { $size } karta:
        [few] { $size } karty:
        [many] { $size } kart:
       *[other] { $size } karty:
    }
mulligan-odds-policy = strategia londyńska
mulligan-odds-policy-free = strategia londyńska, pierwszy darmowy
mulligan-odds-drops = Ląd w każdej kolejce aż do kolejki { $turn }
mulligan-odds-on-the-play = Gdy zaczynasz:
mulligan-odds-on-the-draw = Gdy grasz jako drugi:
mulligan-odds-average = Średnio:
mulligan-odds-runs-out = Biblioteka kończy się przed kolejką { $turn }
mulligan-odds-runs-out-text = Po dobraniu otwierającej ręki w bibliotece zostaje { $library ->
        [one] { $library } karta
        [few] { $library } karty
        [many] { $library } kart
       *[other] { $library } karty
    }: jest pusta od kolejki { $draw }, gdy grasz jako drugi (od kolejki { $play }, gdy zaczynasz), a dobieranie z pustej biblioteki przegrywa grę.
mulligan-odds-footer = Dokładne liczby (rozkład hipergeometryczny), nie symulacja.
mulligan-odds-unchecked = { $count ->
        [one] { $count } karta tej talii nie jest jeszcze sprawdzona (brak połączenia ze Scryfallem) i liczy się jako czar: { $names }
        [few] { $count } karty tej talii nie są jeszcze sprawdzone (brak połączenia ze Scryfallem) i liczą się jako czary: { $names }
        [many] { $count } kart tej talii nie jest jeszcze sprawdzonych (brak połączenia ze Scryfallem) i liczą się jako czary: { $names }
       *[other] { $count } karty tej talii nie są jeszcze sprawdzone (brak połączenia ze Scryfallem) i liczą się jako czary: { $names }
    }

## Statystyki i ranking (publiczne: w języku serwera)

mulligan-stats-title = Trening mulligana — { $name }
mulligan-stats-none = Na tym serwerze nie ma jeszcze rąk treningowych.
mulligan-stats-hands = Obejrzane ręce
mulligan-stats-mulligans = Wykonane mulligany
mulligan-stats-keeps = Zatrzymane ręce
mulligan-stats-agreed = Zgodność z trenerem
mulligan-stats-sizes = Rozmiary zatrzymanych rąk
mulligan-stats-rate = { $percent } ({ $agreed }/{ $rated })
mulligan-leaderboard-title = Ranking treningu mulligana
mulligan-leaderboard-row = **{ $rank }.** { $member } — zgodność { $percent } ({ $agreed }/{ $rated }, { $hands ->
        [one] { $hands } ręka
        [few] { $hands } ręce
        [many] { $hands } rąk
       *[other] { $hands } ręki
    })
mulligan-leaderboard-empty = Nikt na tym serwerze nie przećwiczył jeszcze { $min ->
        [one] { $min } ręki
       *[other] { $min } rąk
    }.
mulligan-leaderboard-footer = Kolejność według zgodności z trenerem; co najmniej { $min ->
        [one] { $min } ręka
        [few] { $min } ręce
        [many] { $min } rąk
       *[other] { $min } ręki
    }.
