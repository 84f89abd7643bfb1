# Le partite di BingoMagic: il tabellone, i pannelli della mano, il registro della
# partita, le sfide e le risposte. Termini del regolamento: terre, territorio, mazzo,
# mazzo degli scarti, neutralizzare, mulligan.

## Perché la partita è finita

bingo-reason-five-of-a-color = cinque terre dello stesso colore
bingo-reason-five-colors = cinque terre di colore diverso
bingo-reason-resign = abbandono
bingo-reason-timeout = { $n ->
    [one] { $n } turno di fila scaduto
   *[other] { $n } turni di fila scaduti
}
bingo-reason-passes = { $n ->
    [one] { $n } turno passato di fila
   *[other] { $n } turni passati di fila
}
bingo-reason-turn-limit = il limite di { $n ->
        [one] { $n } turno
       *[other] { $n } turni
    }
bingo-reason-no-result = la partita non poteva continuare
bingo-reason-moderator = l'ha chiusa un moderatore

## Risultati

bingo-result-no-result = ⛔ La partita è finita senza risultato: non poteva continuare nel suo canale.
bingo-result-no-result-tournament-time = ⛔ Il tempo del turno è scaduto prima della fine della partita: nel torneo è un pareggio.
bingo-result-no-result-tournament-report = ⛔ La partita è stata interrotta: l'organizzatore ha registrato il risultato per il torneo.
bingo-result-moderator = ⛔ Un moderatore ha chiuso la partita senza risultato (non conta per nessuno). Motivo: { $reason }
bingo-result-moderator-no-reason = ⛔ Un moderatore ha chiuso la partita senza risultato (non conta per nessuno).
bingo-result-draw = 🤝 La partita è patta ({ $reason }).
bingo-result-win = 🏆 **{ $winner }** vince con { $reason }!
bingo-result-post = { $result } (BingoMagic #{ $id }, { $turns ->
    [one] { $turns } turno
   *[other] { $turns } turni
})
# Il risultato di un giocatore, sul suo pannello.
bingo-result-you-win = **Hai vinto** con { $reason }!
bingo-result-you-win-resign = **Hai vinto**: { $other } ha abbandonato la partita.
bingo-result-you-win-timeout = **Hai vinto**: { $other } ha esaurito il tempo ({ $reason }).
bingo-result-you-lose = **Hai perso**: { $other } vince con { $reason }.
bingo-result-you-resigned = **Hai abbandonato la partita**: vince { $other }.
bingo-result-you-timed-out = **Hai perso**: hai esaurito il tempo ({ $reason }).

## Il registro della partita

bingo-event-roll-pair = { $first } 🎲{ $a } – { $second } 🎲{ $b }
bingo-event-roll = Tiri del dado: { $rolls }. Inizia **{ $starter }**.
bingo-event-declare-auto = { $who } non ha più carte e deve tenere.
bingo-event-declare-keep = { $who } tiene.
bingo-event-declare-mulligan = { $who } dichiara un mulligan.
bingo-event-mulligan = { $who } fa il mulligan n. { $number } → { $n ->
    [one] { $n } carta.
   *[other] { $n } carte.
}
bingo-event-bottom-own = Metti { $card } in fondo al mazzo.
bingo-event-bottom = { $who } mette una carta in fondo al mazzo.
bingo-event-aside = { $who } mette da parte { $n ->
    [one] { $n } carta.
   *[other] { $n } carte.
}
bingo-event-aside-returned = { $n ->
    [one] La carta messa da parte da { $who } viene mescolata nel mazzo.
   *[other] Le { $n } carte messe da parte da { $who } vengono mescolate nel mazzo.
}
bingo-event-scry-own-top = { $who } profetizza 1 e lascia { $card } in cima al mazzo.
bingo-event-scry-own-bottom = { $who } profetizza 1 e mette { $card } in fondo al mazzo.
bingo-event-scry-top = { $who } profetizza 1 e lascia la carta in cima al mazzo.
bingo-event-scry-bottom = { $who } profetizza 1 e mette la carta in fondo al mazzo.
bingo-event-scry-skipped = { $who } non ha niente da profetizzare.
bingo-event-turn = — Turno { $turn }: **{ $who }** —
bingo-event-draw-own = Peschi { $card }.
bingo-event-draw = { $who } pesca una carta.
bingo-event-no-draw = { $who } non può pescare: il mazzo ed entrambi i mazzi degli scarti sono vuoti.
bingo-event-reshuffle = Il mazzo è finito: i due mazzi degli scarti vengono mescolati in un nuovo mazzo ({ $n ->
    [one] { $n } carta
   *[other] { $n } carte
}).
bingo-event-announce = { $who } posiziona { $land }.
bingo-event-counter = { $who } **neutralizza** con { $island } + { $other }! { $land } va nel mazzo degli scarti.
bingo-event-resolve = { $land } entra nel territorio di { $who }.
bingo-event-discard = { $who } scarta { $land }.
bingo-event-destroy = { $who } distrugge { $land } di { $target }.
bingo-event-take-own = { $who } prende { $land } dal proprio mazzo degli scarti.
bingo-event-take = { $who } prende { $land } dal mazzo degli scarti di { $source }.
bingo-event-no-effect = { $land }: niente da fare.
bingo-event-pass = { $who } passa il turno.
bingo-event-timeout = ⏰ { $who } ha finito il tempo.
bingo-event-resign = 🏳️ { $who } abbandona.

## Che cosa aspetta la partita (parole pubbliche: mai una mano)

bingo-over = La partita è finita.
bingo-waiting-declare = In attesa di **{ $who }**: tenere o mulligan
bingo-waiting-bottom = In attesa di **{ $who }**: carte in fondo al mazzo
bingo-waiting-aside = In attesa di **{ $who }**: carte da mettere da parte
bingo-waiting-scry = In attesa di **{ $who }**: profetizzare
bingo-waiting-main = In attesa di **{ $who }**: posizionare una terra o passare
bingo-waiting-counter = In attesa di **{ $who }**: neutralizzare o lasciar risolvere
bingo-waiting-swamp = In attesa di **{ $who }**: scartare una carta (Palude)
bingo-waiting-mountain = In attesa di **{ $who }**: scegliere una terra da distruggere (Montagna)
bingo-waiting-forest = In attesa di **{ $who }**: scegliere una terra da prendere (Foresta)

## Il tabellone pubblico

bingo-board-title = BingoMagic #{ $id } — { $first } contro { $second }
bingo-board-turn = Turno { $turn } · { $waiting }
bingo-board-mulligans = Mulligan · { $waiting }
bingo-board-deadline = (il tempo scade { $deadline })
bingo-board-stack = In pila: { $land }
bingo-board-player =
    Territorio: { $territory }
    Mano: { $hand ->
        [one] { $hand } carta
       *[other] { $hand } carte
    }
    Mazzo degli scarti: { $discard }
bingo-board-library = Mazzo
bingo-board-library-size = { $n ->
    [one] { $n } carta
   *[other] { $n } carte
}
bingo-board-recent = Ultime mosse
bingo-board-footer = Partita #{ $id } · { $rules }

## Le regole del tavolo in poche parole

bingo-rules-mulligans = { $rule }
bingo-rules-free-first = , primo gratuito
bingo-rules-sequential = , in sequenza
bingo-rules-forest = , Foresta da entrambi i mazzi degli scarti

## Il pannello privato di un giocatore

bingo-panel-title = La mano di { $name } — BingoMagic #{ $id }
bingo-panel-deadline = Il tempo scade { $deadline }.
bingo-panel-hand = Mano
bingo-panel-hand-empty = (vuota)
bingo-panel-territories = Territori
bingo-panel-you = Tu: { $line }
bingo-panel-other = { $name }: { $line }
bingo-panel-footer = Partita #{ $id } · solo tu puoi vederlo
bingo-prompt-waiting = { $waiting }.
bingo-prompt-declare = **Tieni o fai mulligan?**
bingo-prompt-declare-partial = Un mulligan mette da parte delle carte e ne pesca una in meno.
bingo-prompt-declare-next = { $n ->
    [one] Con un mulligan avrai { $n } carta.
   *[other] Con un mulligan avrai { $n } carte.
}
bingo-prompt-declared = Hanno già dichiarato: { $list }.
bingo-prompt-declared-keeps = { $who } tiene
bingo-prompt-declared-mulligans = { $who } fa mulligan
bingo-prompt-bottom = { $n ->
    [one] **Metti { $n } carta in fondo** al mazzo.
   *[other] **Metti { $n } carte in fondo** al mazzo.
}
bingo-prompt-aside = **Metti da parte delle carte** per il mulligan ({ $n } finora), poi premi Fatto.
bingo-prompt-scry = **Profetizza 1.** La prima carta del mazzo è { $card }.
bingo-prompt-scry-nothing = niente
bingo-prompt-main = **Tocca a te.** Posiziona una terra o passa il turno.
bingo-prompt-counter = { $other } sta posizionando { $land }. **Neutralizzala** scartando un'Isola e un'altra carta, o lasciala risolvere.
bingo-prompt-swamp = La Palude di { $other }: **scegli una carta da scartare.**
bingo-prompt-mountain = La tua Montagna: **scegli una terra nel territorio di { $other }** da distruggere.
bingo-prompt-forest = La tua Foresta: **scegli una terra da prendere** in mano.

## Pulsanti

bingo-label-keep = Tieni
bingo-label-mulligan = Mulligan
bingo-label-bottom = In fondo: { $name }
bingo-label-aside = Metti da parte: { $name }
bingo-label-aside_done = Fatto
bingo-label-scry_top = Lascia in cima
bingo-label-scry_bottom = Metti in fondo
bingo-label-place = Posiziona { $name }
bingo-label-pass = Passa
bingo-label-allow = Lascia risolvere
bingo-label-counter = Neutralizza (Isola + { $name })
bingo-label-discard = Scarta { $name }
bingo-label-destroy = Distruggi { $name }
bingo-label-take = Prendi { $name }
bingo-label-take_opp = Prendi { $name } di { $other }
bingo-button-accept = Accetta
bingo-button-decline = Rifiuta
bingo-button-show-hand = Mostra la mia mano
bingo-button-play-again = Gioca ancora

## Consegna dei messaggi

bingo-gone-deleted = il suo canale è stato eliminato
bingo-gone-access = non posso più vedere il suo canale
bingo-gone-permissions = non posso più scrivere nel suo canale
bingo-gone-other = il suo canale non si può più usare
bingo-dms-closed = { $user }, tocca a te in BingoMagic #{ $id }: premi **Mostra la mia mano** sul tabellone (i tuoi messaggi diretti sono chiusi).
bingo-no-result-dm = ⛔ BingoMagic #{ $id } contro { $other } è finita senza risultato: { $why }. Non conta per nessuno e sei libero di giocare ancora.

## Risposte

bingo-not-yours = Questa non è la tua partita.
bingo-panel-superseded = Questo pannello non è più attuale e i suoi pulsanti sono stati tolti. Il tuo pannello attuale: { $link }
bingo-match-over = Questa partita è finita.
bingo-already-over = Questa partita è già finita.
bingo-not-in-a-match = Non stai giocando una partita in questo server.
bingo-busy = Stai già giocando una partita qui. Finiscila o usa `/bingo abbandona`.
bingo-resigned = Hai abbandonato la partita di BingoMagic #{ $id }.
bingo-level = { $level ->
    [easy] facile
    [hard] difficile
   *[medium] medio
}
bingo-bot-match = 🤖 { $member } sfida il bot ({ $level }): inizia la partita di BingoMagic #{ $id }. La tua mano arriva in un messaggio diretto.
bingo-bot-match-thread = 🤖 { $member } sfida il bot ({ $level }): inizia la partita di BingoMagic #{ $id } in { $thread }. La tua mano arriva in un messaggio diretto.
bingo-play-again-not-yours = Solo { $member } può rigiocare questa partita. Sfidami tu!
bingo-self-challenge = Non puoi sfidare te stesso.
bingo-no-bots = I bot non giocano a BingoMagic, tranne me: sfida { $me } per giocare contro il bot.
bingo-level-member = L'opzione livello vale solo contro di me: un membro gioca come gioca.

## Sfide

bingo-challenge-not-open = Questa sfida non è più aperta.
bingo-challenge-opponent-busy = { $name } sta già giocando una partita.
bingo-challenge-pair = C'è già una sfida in attesa tra te e { $name }: aspetta la risposta, o che scada.
bingo-challenge-limit = Hai già { $n ->
        [one] { $n } sfida
       *[other] { $n } sfide
    } in attesa di risposta in questo server. Aspetta che una riceva risposta o scada.
bingo-challenge-post = ⚔️ { $opponent }, { $challenger } ti sfida a una partita di BingoMagic! Regole: { $rules }. La sfida scade { $deadline }.
bingo-challenge-only-opponent = Solo { $opponent } può rispondere a questa sfida.
bingo-challenge-declined = ❌ { $opponent } ha rifiutato la sfida di { $challenger }.
bingo-challenge-cancelled = Questa sfida è stata annullata: { $user } sta già giocando una partita.
bingo-challenge-accepted = ✅ { $opponent } ha accettato la sfida di { $challenger }: inizia la partita di BingoMagic #{ $id }. Le mani arrivano in un messaggio diretto.
bingo-challenge-accepted-thread = ✅ { $opponent } ha accettato la sfida di { $challenger }: inizia la partita di BingoMagic #{ $id } in { $thread }. Le mani arrivano in un messaggio diretto.
# Il nome del thread di una partita (al più 100 caratteri: i nomi vengono accorciati).
bingo-thread-name = BingoMagic #{ $id } · { $first } contro { $second }
bingo-challenge-expired = ⌛ La sfida di { $challenger } a { $opponent } è scaduta.

## Statistiche e classifica

bingo-stats-line = { $wins } V · { $losses } S · { $draws } P · { $rate }% ({ $played ->
        [one] { $played } giocata
       *[other] { $played } giocate
    })
bingo-stats-title = BingoMagic — { $name }
bingo-stats-none = Ancora nessuna partita finita in questo server.
bingo-stats-wins = Vittorie
bingo-stats-losses = Sconfitte
bingo-stats-draws = Patte
bingo-stats-win-rate = Percentuale di vittorie
bingo-stats-rank = Posizione
bingo-stats-against-bot = Contro il bot
bingo-stats-level-line = { $level }: { $line }
bingo-stats-recent = Ultime partite
bingo-stats-no-result = nessun risultato
bingo-stats-draw = patta
bingo-stats-win = vittoria
bingo-stats-loss = sconfitta
bingo-stats-recent-line = #{ $id } (avversario: { $opponent }): { $outcome } in { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turni
    }
bingo-stats-recent-bot-line = #{ $id } contro il bot ({ $level }): { $outcome } in { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turni
    }
bingo-leaderboard-title = Classifica di BingoMagic
bingo-leaderboard-your-rank = La tua posizione
bingo-leaderboard-none-yet = Non hai ancora finito una partita qui.
bingo-leaderboard-footer = Ordinata per vittorie, poi per percentuale di vittorie, nelle partite tra membri.

## /bingo lingua

bingo-language-set = Ti scriverò in privato in italiano.
bingo-language-auto = Ti scriverò in privato nella lingua del tuo Discord ({ $language }).

## Vittorie vicine sul tavolo pubblico (cogs/bingo/_render.py board_embed)
bingo-board-near-win = ⚠️ A { $name } manca una { $land } per vincere
