# Turnieje w systemie szwajcarskim: /bingo tournament …

tournament-button-join = Dołącz
tournament-button-leave = Wypisz się
tournament-rounds-auto = według liczby graczy
tournament-nobody = na razie nikt
tournament-signup =
    🏆 **{ $name }** (turniej #{ $id }): zapisy są otwarte!
    Rundy szwajcarskie: { $rounds } · { $minutes } min na rundę{ $cut ->
        [0] {""}
       *[other] {""} · top { $cut } w fazie pucharowej
    }
    Gracze ({ $count }): { $players }
tournament-started = 🏆 Turniej **{ $name }** się rozpoczął: { $count ->
        [one] { $count } gracz
        [few] { $count } gracze
        [many] { $count } graczy
       *[other] { $count } gracza
    }, { $rounds ->
        [one] { $rounds } runda szwajcarska
        [few] { $rounds } rundy szwajcarskie
        [many] { $rounds } rund szwajcarskich
       *[other] { $rounds } rundy szwajcarskiej
    }.
tournament-round-title = **{ $name }**: pary rundy { $round } (koniec { $deadline })
tournament-cut-title = **{ $name }**: runda pucharowa { $round } (koniec { $deadline })
tournament-table-line = Stół { $table }: { $a } kontra { $b }
tournament-bye-line = Wolny los: { $player } (wygrana, 3 punkty)
tournament-round-title-ended = **{ $name }**: runda { $round } — zakończona
tournament-cut-title-ended = **{ $name }**: runda pucharowa { $round } — zakończona
tournament-table-result = Stół { $table }: { $a } kontra { $b } · { $result ->
        [a] wygrywa { $a }
        [b] wygrywa { $b }
       *[draw] remis
    }
tournament-standings-title = **{ $name }**: klasyfikacja po rundzie { $round }
tournament-final-title = 🏆 **{ $name }**: klasyfikacja końcowa
tournament-standings-header = `#  ` Gracz · punkty · W-P-R · OMW% · GW% · OGW%
tournament-standings-line = `{ $rank }.` { $player } · **{ $points }** · { $wins }-{ $losses }-{ $draws } · { $omw } · { $gw } · { $ogw }{ $dropped ->
        [yes] {" "}(poza turniejem)
       *[no] {""}
    }
tournament-none = Na tym serwerze nie ma turnieju.
tournament-not-organizer = Może to zrobić tylko organizator (Zarządzanie serwerem albo rola organizatora).
tournament-organizer-manage-only = Rolę organizatora mogą ustawić tylko członkowie z uprawnieniem Zarządzanie serwerem.
tournament-organizer-set = Organizatorzy turniejów: członkowie z uprawnieniem Zarządzanie serwerem oraz członkowie z rolą { $role }.
tournament-organizer-cleared = Organizatorzy turniejów: tylko członkowie z uprawnieniem Zarządzanie serwerem.
tournament-too-many = { $n ->
        [one] Ten serwer ma już { $n } turniej w trakcie zapisów lub gry.
        [few] Ten serwer ma już { $n } turnieje w trakcie zapisów lub gry.
        [many] Ten serwer ma już { $n } turniejów w trakcie zapisów lub gry.
       *[other] Ten serwer ma już { $n } turnieju w trakcie zapisów lub gry.
    }
tournament-already-started = Ten turniej już się rozpoczął.
tournament-too-few = Turniej wymaga co najmniej 2 graczy.
tournament-not-running = Ten turniej nie jest rozgrywany.
tournament-join-already = Już jesteś na liście graczy tego turnieju.
tournament-join-full = Turniej jest pełny ({ $n ->
        [one] { $n } gracz
        [few] { $n } graczy
        [many] { $n } graczy
       *[other] { $n } gracza
    }).
tournament-join-closed = Zapisy na ten turniej są zamknięte.
tournament-leave-absent = Nie ma cię na liście graczy tego turnieju.
tournament-leave-closed = Zapisy na ten turniej są zamknięte.
tournament-no-table = { $player } nie ma stołu w bieżącej rundzie.
tournament-reported = Zapisano wynik stołu { $table } w rundzie { $round }.
tournament-not-a-player = { $player } nie gra (już) w tym turnieju.
tournament-dropped = { $player } wycofuje się z turnieju (po rundzie { $round }).
tournament-round-ended = Runda { $round } zakończona: { $drawn ->
        [one] { $drawn } niedokończony mecz kończy się remisem.
        [few] { $drawn } niedokończone mecze kończą się remisem.
        [many] { $drawn } niedokończonych meczów kończy się remisem.
       *[other] { $drawn } niedokończonego meczu kończy się remisem.
    }

# Komendy
cmd-bingo-tournament =
    .name = turniej
    .description = Turnieje BingoMagic w systemie szwajcarskim.
cmd-bingo-tournament-create =
    .name = utwórz
    .description = Tylko organizatorzy: utwórz turniej w systemie szwajcarskim.
cmd-bingo-tournament-create-name =
    .name = nazwa
    .description = Nazwa turnieju
cmd-bingo-tournament-create-minutes =
    .name = minuty
    .description = Limit czasu każdej rundy, w minutach
cmd-bingo-tournament-create-rounds =
    .name = rundy
    .description = Rundy szwajcarskie (domyślnie: według liczby graczy)
cmd-bingo-tournament-create-mulligan =
    .name = mulligan
    .description = Zasada mulligana (domyślnie: ta z ustawień serwera)
cmd-bingo-tournament-create-free_first =
    .name = pierwszy_darmowy
    .description = Pierwszy mulligan jest darmowy
cmd-bingo-tournament-create-sequential =
    .name = po_kolei
    .description = Każdy gracz robi mulligana, aż zatrzyma rękę, zanim zadeklaruje następny
cmd-bingo-tournament-create-forest_either_pile =
    .name = las_z_obu_stosów
    .description = Zasada domowa: Las może brać z obu stosów odrzuconych kart
cmd-bingo-tournament-create-cut =
    .name = top8
    .description = Faza pucharowa top 8 (pojedyncza eliminacja) po rundach szwajcarskich
cmd-bingo-tournament-start =
    .name = rozpocznij
    .description = Tylko organizatorzy: zamknij zapisy i dobierz pary rundy 1.
cmd-bingo-tournament-start-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-tournament-standings =
    .name = klasyfikacja
    .description = Klasyfikacja z kryteriami dodatkowymi.
cmd-bingo-tournament-standings-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-tournament-report =
    .name = wynik
    .description = Tylko organizatorzy: wpisz wynik ręcznie.
cmd-bingo-tournament-report-player =
    .name = gracz
    .description = Gracz przy stole
cmd-bingo-tournament-report-result =
    .name = wynik
    .description = Wynik tego gracza
cmd-bingo-tournament-report-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-tournament-drop =
    .name = wycofaj
    .description = Wycofaj gracza (siebie albo kogokolwiek: organizatorzy).
cmd-bingo-tournament-drop-player =
    .name = gracz
    .description = Kto się wycofuje (domyślnie: ty)
cmd-bingo-tournament-drop-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-tournament-end-round =
    .name = zakończ-rundę
    .description = Tylko organizatorzy: zakończ rundę po upływie limitu czasu; niedokończone mecze kończą się remisem.
cmd-bingo-tournament-end-round-tournament =
    .name = turniej
    .description = Numer turnieju (domyślnie: najnowszy otwarty)
cmd-bingo-tournament-organizer =
    .name = organizator
    .description = Tylko z uprawnieniem Zarządzanie serwerem: ustaw albo usuń rolę organizatora turniejów.
cmd-bingo-tournament-organizer-role =
    .name = rola
    .description = Członkowie z tą rolą organizują turnieje (zostaw puste, aby usunąć)
choice-win =
    .name = wygrana
choice-loss =
    .name = przegrana
choice-draw =
    .name = remis
