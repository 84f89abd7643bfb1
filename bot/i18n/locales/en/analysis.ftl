## Match analysis (/bingo analyse, the replay's Analysis button)

analysis-button = Analysis
analysis-worst = Biggest mistake
analysis-step-through = Step through the match
analysis-field = Analysis
analysis-title = Analysis of BingoMagic #{ $id } — { $first } vs { $second }
analysis-description = { $graded ->
    [one] One decision graded
   *[other] { $graded } decisions graded
    }, each from what its player could see then (hidden cards sampled, never read), by { $worlds ->
        [one] { $worlds } simulated match
       *[other] { $worlds } simulated matches
    } or more per possible move. Every percentage is the chance to win of the player named with it.
analysis-accuracy = Accuracy: **{ $accuracy }** / 100
analysis-mean-loss = Average loss: **{ $loss }** { $loss ->
    [one] point
   *[other] points
    } of win chance per decision
analysis-no-decisions = No decision to grade.
analysis-count = { $grade }: { $count }
analysis-footer = Best: as good as the best move found, or less than 5 points of win chance below it · inaccuracy: 5+ points lost · mistake: 10+ · blunder: 20+. Accuracy falls fast with each loss (lichess's formula), so one blunder costs far more than several inaccuracies.
analysis-grade-best = Best
analysis-grade-inaccuracy = Inaccuracy
analysis-grade-mistake = Mistake
analysis-grade-blunder = Blunder
# The grade inside a sentence ("— blunder: alice's chance …").
analysis-grade-word = { $grade ->
    [best] best
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
    }
analysis-progress = Analysing… { $done } of { $total ->
    [one] { $total } decision
   *[other] { $total } decisions
    }
analysis-busy-member = You already have an analysis running: wait for it to finish.
analysis-busy-server = Too many analyses are running in this server right now: try again in a minute.
analysis-failed = Match #{ $id } could not be analysed.

## One decision in words: who did what, its grade, whose chance, the better move

analysis-did-keep = { $who } kept their hand
analysis-did-mulligan = { $who } took a mulligan
analysis-did-bottom = { $who } put { $land } on the bottom
analysis-did-aside = { $who } set { $land } aside
analysis-did-aside_done = { $who } stopped setting cards aside
analysis-did-scry_top = { $who } left { $card } on top
analysis-did-scry_bottom = { $who } put { $card } on the bottom
analysis-did-place = { $who } placed { $land }
analysis-did-pass = { $who } passed
analysis-did-allow = { $who } let { $other }'s { $pending } resolve
analysis-did-counter = { $who } countered { $other }'s { $pending } with { $island } + { $land }
analysis-did-discard = { $who } discarded { $land }
analysis-did-destroy = { $who } destroyed { $other }'s { $land }
analysis-did-take = { $who } took { $land } back from their discard pile
analysis-did-take_opp = { $who } took { $land } from { $other }'s discard pile
analysis-do-keep = keep the hand
analysis-do-mulligan = take a mulligan
analysis-do-bottom = put { $land } on the bottom
analysis-do-aside = set { $land } aside
analysis-do-aside_done = stop setting cards aside
analysis-do-scry_top = leave { $card } on top
analysis-do-scry_bottom = put { $card } on the bottom
analysis-do-place = place { $land }
analysis-do-pass = pass the turn
analysis-do-allow = let it resolve
analysis-do-counter = counter with { $island } + { $land }
analysis-do-discard = discard { $land }
analysis-do-destroy = destroy { $other }'s { $land }
analysis-do-take = take { $land } back
analysis-do-take_opp = take { $other }'s { $land }
analysis-step = { $move } — { $grade }: { $who }'s chance to win { $before } % → { $after } %.
analysis-step-best = { $move } — { $grade }: { $who }'s chance to win { $after } %.
analysis-better = Better: { $better } ({ $best } %).
analysis-simulations = ({ $worlds ->
        [one] { $worlds } simulation
       *[other] { $worlds } simulations
    } per move)
analysis-turn = Turn { $turn }
analysis-turn-mulligans = Mulligans
analysis-when = turn { $turn }
analysis-when-mulligans = mulligans

## Key moments: each player's three largest losses, each a button to the position before it

analysis-key-moments = Key moments: { $who }
analysis-key-moment = **{ $number }** · { $when } · { $line }
analysis-no-key-moments = No inaccuracy or worse: every decision was as good as the best move found.
analysis-key-button = { $number } · { $who }, { $when }
analysis-key-hint = The numbered buttons open the position before each key moment, with the choices { $first } or { $second } had.
analysis-choices-title = Key moment { $number } · { $when }: { $who } to decide
analysis-choices-intro = The position before the move. { $who }'s choices, each with { $who }'s chance to win after it:
analysis-choice-played = played, { $grade }
analysis-choice-best = best
analysis-choice-played-best = played, best
analysis-choices-next = **Next** shows the move played.
analysis-not-analysed = This match has no analysis yet: use the **Analysis** button first.

## The chart (a picture: at most a few words per line)

analysis-chart-title = { $name }'s chance to win
analysis-chart-turn = Turn
analysis-chart-whose = Errors by:
analysis-chart-alt = Chart of { $name }'s chance to win over the match, turn by turn ({ $other }'s is the rest): { $start } % after the first graded decision, { $end } % after the last. { $errors }
analysis-chart-alt-player = { $who }: { $marks }.
analysis-chart-alt-none = { $who }: no inaccuracy or worse.
analysis-chart-alt-mark = { $grade } ({ $when })

## Replays: a private card named for every reader (the match is over, both hands are shown)

replay-event-draw = { $who } draws { $card }.
replay-event-bottom = { $who } puts { $card } on the bottom.

cmd-bingo-analyse =
    .name = analyse
    .description = Grade every decision of a finished BingoMagic match.
cmd-bingo-analyse-match =
    .name = match
    .description = The match number (shown on its board and result)
