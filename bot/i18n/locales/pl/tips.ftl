# Wskazówki w pierwszym meczu członka serwera z botem (cogs/bingo/_tips.py). Tekst prywatny.
tips-title = 💡 Wskazówka
tips-turn-off = Wyłącz wskazówki
tips-off = Wskazówki są wyłączone. Nie zobaczysz ich w kolejnych meczach.
tips-turn = Twoja kolejka: wyłóż jeden ląd z ręki albo spasuj. Wygrywa pięć lądów jednego koloru albo po jednym lądzie każdego koloru na twoim terytorium. `/{ cmd-bingo.name } { cmd-bingo-rules.name }` opisuje całą grę.
tips-mulligan = Zatrzymaj tę rękę albo zrób mulligana: wtasuj ją do biblioteki i dobierz o jedną kartę mniej. Ręka w kilku kolorach przybliża cię do wygranej „po jednym z każdego koloru”.
tips-scry = Scry 1: spójrz na wierzchnią kartę biblioteki. Zostaw ją na wierzchu, jeśli chcesz ją dobrać, albo połóż ją na spodzie.
tips-counter = Przeciwnik wykłada ląd. Możesz go skontrować, odrzucając Wyspę i jeszcze jedną kartę: ląd trafia na jego stos odrzuconych kart i nic nie robi. To okno otwiera się bez względu na to, co masz w ręce, więc nigdy nie zdradza twojej ręki.
tips-swamp = Bagno: przeciwnik zmusza cię do odrzucenia karty. Wybierz tę, której potrzebujesz najmniej; trafia na twój stos odrzuconych kart (Las może ją przywrócić).
tips-mountain = Góra: wybierz ląd na terytorium przeciwnika do zniszczenia. Przerwij linię najbliższą wygranej.
tips-forest = Las: weź ląd ze swojego stosu odrzuconych kart z powrotem do ręki.
