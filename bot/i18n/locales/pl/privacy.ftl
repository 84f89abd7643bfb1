# /privacy: dane członka, wyeksportowane albo usunięte (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Oto wszystko, co o tobie przechowuję, w pliku JSON. Tylko ty widzisz tę wiadomość.
privacy-delete-ask = Usunąć wszystko, co o tobie przechowuję: wyniki, ratingi, talie, odpowiedzi na rękę dnia i ustawienia, na każdym serwerze? Twoje zakończone mecze zostaną w historii przeciwników jako rozegrane przez „usuniętego członka”. Tego nie można cofnąć.
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
