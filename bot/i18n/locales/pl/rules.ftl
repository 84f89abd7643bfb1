# /bingo rules: zasady (docs/RULES.md §1-2) na krótkich stronach i obraz lądów.
cmd-bingo-rules =
    .name = zasady
    .description = Zasady BingoMagic, strona po stronie (widzisz je tylko ty).

rules-title = Zasady BingoMagic — { $title }
rules-footer = Strona { $page } z { $pages }
rules-previous = Poprzednia
rules-next = Następna

rules-game-title = Gra
rules-game =
    Dwóch graczy dzieli jedną **bibliotekę** 60 lądów podstawowych, po 12 każdego rodzaju: Równina, Wyspa, Bagno, Góra i Las.
    Każdy gracz ma **rękę** (ukrytą), **terytorium** (wyłożone przez siebie lądy, publiczne) i własny **stos odrzuconych kart** (publiczny). Liczba kart w rękach i w bibliotece jest jawna.

    🏆 **Aby wygrać**, miej na swoim terytorium pięć lądów jednego koloru albo po jednym lądzie każdego z pięciu kolorów. Twoje terytorium to karta bingo: pełna kolumna albo pełny wiersz wygrywa.

rules-setup-title = Przygotowanie
rules-setup =
    1. Biblioteka zostaje potasowana. Każdy mecz zapisuje swoje ziarno losowania i decyzje, więc można go dokładnie odtworzyć.
    2. Każdy gracz dobiera 5 kart.
    3. Każdy gracz rzuca kością; przy remisie rzuca się ponownie; zaczyna wyższy wynik.
    4. Mulligany: według zasady Vancouver, chyba że mecz ustawiono inaczej (ostatnia strona).

rules-turn-title = Kolejka
rules-turn =
    1. **Dobranie.** Aktywny gracz dobiera kartę, z wyjątkiem rozpoczynającego gracza w kolejce 1.
    2. **Wyłóż albo spasuj.** Wyłóż jeden ląd z ręki albo spasuj. Jedno i drugie kończy twoją kolejkę.
    3. **Okno kontry.** Gdy ląd zostaje zapowiedziany, przeciwnik może go skontrować. Okno otwiera się zawsze, gdy przeciwnik ma co najmniej 2 karty, jakiekolwiek, więc nigdy nie zdradza Wyspy. Przy mniej niż 2 kartach okna nie ma.
    4. **Rozpatrzenie.** Nieskontrowany ląd wchodzi na twoje terytorium. Jeśli twoje terytorium teraz wygrywa, mecz kończy się od razu, przed jakimkolwiek efektem; w przeciwnym razie efekt lądu się rozpatruje, a kolejka przechodzi na przeciwnika.

rules-effects-title = Co robi każdy ląd
rules-effects =
    Gdy ląd wchodzi na terytorium:
    { rules-effect-plains }
    { rules-effect-island }
    { rules-effect-swamp }
    { rules-effect-mountain }
    { rules-effect-forest }
    Jeśli nie ma z czego wybierać, nic się nie dzieje.
rules-effect-plains = ☀️ **Równina**: dobierasz kartę.
rules-effect-island = 💧 **Wyspa**: nic.
rules-effect-swamp = 💀 **Bagno**: przeciwnik odrzuca wybraną przez siebie kartę.
rules-effect-mountain = 🔥 **Góra**: wybierz ląd na terytorium przeciwnika; trafia na jego stos odrzuconych kart.
rules-effect-forest = 🌳 **Las**: weź ląd ze swojego stosu odrzuconych kart do ręki (zasada domowa: z dowolnego stosu).
# Obraz: jeden krótki wiersz na ląd.
rules-picture-title = Pięć lądów
rules-picture-plains = Dobierz kartę
rules-picture-island = Bez efektu; klucz do kontry
rules-picture-swamp = Przeciwnik odrzuca kartę
rules-picture-mountain = Zniszcz ląd przeciwnika
rules-picture-forest = Odzyskaj ląd ze stosu odrzuconych

rules-counter-title = Kontra
rules-counter =
    Tylko w kolejce przeciwnika możesz odrzucić **Wyspę i jeszcze jedną kartę** (może to być druga Wyspa), aby skontrować ląd, który wykłada.
    Skontrowany ląd trafia na stos odrzuconych kart swojego właściciela: nie zostaje wyłożony, nie ma efektu i nie liczy się do wygranej. Kontry nie można skontrować. Potem kolejka się kończy.

    📭 **Pusta biblioteka.** Gdy trzeba dobrać kartę albo na nią spojrzeć, a biblioteka jest pusta, oba stosy odrzuconych kart zostają razem wtasowane w nową bibliotekę. Jeśli one też są puste, nic nie zostaje dobrane.

rules-end-title = Jak kończy się mecz
rules-end =
    - **Wygrana:** pięć lądów jednego koloru albo po jednym lądzie każdego koloru na twoim terytorium.
    - **Remis:** 6 pasów z rzędu (po 3 na gracza) albo koniec kolejki 200.
    - **Poddanie** w dowolnej chwili komendą `/{ cmd-bingo.name } { cmd-bingo-resign.name }`: przegrywasz.
    - **Czas:** każda decyzja ma limit czasu. Gdy czas minie w twojej kolejce, pasujesz; w oknie kontry ląd się rozpatruje; przy odrzucaniu przez Bagno odrzucona zostaje losowa karta. Trzy kolejki z rzędu bez ruchu w czasie przegrywają mecz.
    - **Prywatność:** twoja ręka trafia tylko do ciebie, w wiadomości prywatnej (albo prywatnie na kanale, gdy masz zamknięte wiadomości prywatne).

rules-mulligans-title = Mulligany
rules-mulligans =
    Otwierająca ręka ci nie pasuje? Rozpoczynający gracz deklaruje, czy zatrzymuje rękę, czy robi mulligana, potem drugi gracz; kto zadeklarował mulligana, robi go, i powtarza się to, aż obaj zatrzymają rękę. Ręka z 0 kart musi zostać zatrzymana.
    - **Vancouver** (domyślny): wtasuj rękę do biblioteki i dobierz o jedną kartę mniej. Gdy obaj zatrzymają rękę, gracz mający mniej niż 5 kart może zrobić scry 1.
    - **Paryski:** jak Vancouver, bez scry.
    - **Londyński:** dobierz pełną rękę, potem połóż na spód biblioteki po jednej karcie za każdy zrobiony mulligan. Nie ma mulligana, gdy ręka miałaby 0 kart.
    - **Częściowy paryski:** odłóż na bok dowolne karty, dobierz o jedną kartę mniej, niż odkładasz; odłożone karty są potem wtasowywane do biblioteki.
    Opcje: darmowy pierwszy mulligan (nie liczy się: paryski i Vancouver dobierają tyle kart co wcześniej, londyński kładzie na spód o jedną mniej, częściowy paryski dobiera tyle, ile odłożono); mulligany po kolei (jeden gracz, aż zatrzyma rękę, potem drugi).

## Tekst alternatywny obrazu lądów (bot/ui/lands_image.py lands_alt_text)
rules-picture-alt = Pięć lądów i co robi każdy z nich: { $lands }.
