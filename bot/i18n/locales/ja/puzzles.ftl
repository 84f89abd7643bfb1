## パズル（/bingo puzzle、docs/puzzles.md）

cmd-bingo-puzzle =
    .name = パズル
    .description = 実際の対戦から作ったパズル：最善手を見つけましょう（あなただけに表示）。
cmd-bingo-daily-puzzle =
    .name = 今日のパズル
    .description = このサーバーの今日のパズル（あなただけに表示）。

puzzle-title = 🧩 パズル #{ $id }：最善手を見つけよう
puzzle-from-own = あなたの対戦 #{ $match }から：ミスから学ぶ
puzzle-from-server = このサーバーの対戦 #{ $match }から
puzzle-from-selfplay = 私が自分自身と対戦した試合から
puzzle-from-daily = 今日のパズル · { $date }
puzzle-seat = あなたは**{ $name }**として考えます。
puzzle-bot-name = { $level ->
    [easy] ボット（簡単）
    [hard] ボット（難しい）
   *[medium] ボット（普通）
}
puzzle-turn = ターン{ $turn }。
puzzle-mulligans = マリガン中（最初のターンの前）。
puzzle-last = 直前：{ $line }
puzzle-answered-before = このパズルには以前答えています：今回の答えはレーティングに反映されません。
puzzle-hand = あなたの手札
puzzle-table = 場
puzzle-table-you = あなた：{ $territory } · 墓地 { $discard }
puzzle-table-other = { $name }：{ $territory } · 墓地 { $discard } · 手札{ $hand }枚
puzzle-table-library = ライブラリー：{ $library }枚
puzzle-footer = あなたのパズルレーティング：{ $rating } · 連続：{ $streak }日 · あなただけに表示
puzzle-picture-alt = このパズルの場。{ $board }

puzzle-solved = ✅ 正解！　パズル #{ $id }
puzzle-missed = ❌ 最善手ではありません。パズル #{ $id }
puzzle-you-chose = あなたの答え：**{ $move }**。
puzzle-best = 最善手：**{ $move }**。
puzzle-played-own = あなたの対戦では{ $move }を選びました。
puzzle-played-other = 対戦では、手番のプレイヤーは{ $move }を選びました。
puzzle-chances-head = それぞれの手の後に{ $name }（手番のプレイヤー）が勝つ確率
puzzle-chance-line = { $mark } { $move }：{ $chance } %
puzzle-chances-note = { $name }がその時点で見えていた情報だけから推定しています（非公開のカードは推定し、実際のカードは読みません）。手ごとに{ $worlds }回の対戦をシミュレートしました。✅ 最善 · 👉 あなたの答え · 🎯 対戦で選ばれた手。
puzzle-rating-change = あなたのパズルレーティング：{ $before } → **{ $after }**（{ $delta }）。
puzzle-not-rated = レーティングに反映されません：パズルごとに最初の答えだけが数えられます。
puzzle-streak = 連続：パズルを解いた日が{ $streak }日続いています（最高：{ $best }日）。
puzzle-rating-of-puzzle = このパズルのレーティング：{ $rating } · 最初の答え{ $attempts }件中{ $solved }件が正解。

puzzle-button-replay = 対戦のリプレイ
puzzle-button-next = 次のパズル
puzzle-button-again = もう一度
puzzle-button-solve = 解く
puzzle-replay-footer = パズル #{ $id } · { $rules }
puzzle-replay-selfplay-title = リプレイ：私が自分自身と対戦した試合
puzzle-none = 今はあなたに出せるパズルがありません：ここで出せるパズルにはすべて答えました。新しいパズルは分析した対戦から作られます（`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`）。
puzzle-none-today = このサーバーにはまだ今日のパズルがありません：パズルは分析した対戦から作られます（`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`）。
puzzle-gone = このパズルはもうありません：元の対戦が削除されました。
puzzle-day-over = その日は終わりました：今日のパズルは`/{ cmd-bingo.name } { cmd-bingo-daily-puzzle.name }`で解けます。
puzzle-post-title = 🧩 今日のパズル · { $date }
puzzle-post-text = 実際の対戦の局面です：最善手を見つけましょう。**解く**を押すと、パズルとあなたの答えはあなただけに表示されます。今日の最初の答えがパズルレーティングと連続記録に数えられます。
privacy-export-about-puzzles = puzzles：あなたのパズルレーティング（Glicko-2。ratingは最初1500、rdはその不確かさで最初350、volatility）、答えたパズルと解いたパズルの数、パズルを解いた日の連続記録、それぞれの答え（選んだ手、最善だったか、前後のレーティング）、あなた自身の判断から作られたパズル（その対戦と手の番号）。
