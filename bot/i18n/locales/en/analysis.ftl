## Match analysis (/bingo analyse, the replay's Analysis button)

analysis-button = Analysis
analysis-worst = Biggest mistake
analysis-step-through = Step through
analysis-field = Analysis
analysis-title = Analysis of BingoMagic #{ $id } — { $first } vs { $second }
analysis-description = { $graded ->
    [one] One decision graded
   *[other] { $graded } decisions graded
    }, each from what its player could see then (hidden cards sampled, never read), by { $worlds ->
        [one] { $worlds } simulated match
       *[other] { $worlds } simulated matches
    } or more per possible move (more where a grade was close). Two moves closer than the simulation can tell apart both count as best.
analysis-accuracy = Accuracy: **{ $accuracy }** / 100
analysis-no-decisions = No decision to grade.
analysis-count = { $grade }: { $count }
analysis-footer = Best · good (under 5 points lost) · inaccuracy (5+) · mistake (10+) · blunder (20+ points of win chance). Step through the match to see each grade.
analysis-grade-best = Best
analysis-grade-good = Good
analysis-grade-inaccuracy = Inaccuracy
analysis-grade-mistake = Mistake
analysis-grade-blunder = Blunder
analysis-note = { $grade } — { $chance } % chance to win after it ({ $worlds ->
        [one] { $worlds } simulation
       *[other] { $worlds } simulations
    })
analysis-better = Better: { $move }: { $best } % instead of { $chosen } %
analysis-progress = Analysing… { $done } of { $total ->
    [one] { $total } decision
   *[other] { $total } decisions
    }
analysis-busy-member = You already have an analysis running: wait for it to finish.
analysis-busy-server = Too many analyses are running in this server right now: try again in a minute.
analysis-failed = Match #{ $id } could not be analysed.
analysis-chart-title = Chance that { $name } wins, decision by decision
analysis-chart-legend = red: blunder · orange: mistake
analysis-chart-alt = Chart of { $name }'s chance to win over the match: { $start } % after the first graded decision, { $end } % after the last. Blunders at decisions: { $blunders }.

cmd-bingo-analyse =
    .name = analyse
    .description = Grade every decision of a finished BingoMagic match.
cmd-bingo-analyse-match =
    .name = match
    .description = The match number (shown on its board and result)
