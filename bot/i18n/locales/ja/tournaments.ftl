# スイス式トーナメント：/bingo tournament …

tournament-button-join = 参加する
tournament-button-leave = 参加をやめる
tournament-rounds-auto = 参加人数から決定
tournament-nobody = まだいません
tournament-signup =
    🏆 **{ $name }**（トーナメント #{ $id }）：参加受付中です！
    スイス式：{ $rounds }回戦 · 1ラウンド{ $minutes }分{ $cut ->
        [0] {""}
       *[other] {""} · 上位{ $cut }人による決勝トーナメント
    }
    参加者（{ $count }人）：{ $players }
tournament-started = 🏆 **{ $name }**が始まりました：{ $count }人、スイス式{ $rounds }回戦。
tournament-round-title = **{ $name }**：第{ $round }ラウンドの対戦組み合わせ（終了 { $deadline }）
tournament-cut-title = **{ $name }**：決勝トーナメント 第{ $round }ラウンド（終了 { $deadline }）
tournament-table-line = { $table }卓：{ $a } vs { $b }
tournament-bye-line = 不戦勝：{ $player }（勝利、3点）
tournament-round-title-ended = **{ $name }**：第{ $round }ラウンドは終了しました
tournament-cut-title-ended = **{ $name }**：決勝トーナメント 第{ $round }ラウンドは終了しました
tournament-table-result = { $table }卓：{ $a } vs { $b } · { $result ->
        [a] { $a }の勝ち
        [b] { $b }の勝ち
       *[draw] 引き分け
    }
tournament-standings-title = **{ $name }**：第{ $round }ラウンド終了時の順位
tournament-final-title = 🏆 **{ $name }**：最終順位
tournament-standings-header = `#  ` プレイヤー · 勝ち点 · 勝-敗-分 · OMW% · GW% · OGW%
tournament-standings-line = `{ $rank }.` { $player } · **{ $points }** · { $wins }-{ $losses }-{ $draws } · { $omw } · { $gw } · { $ogw }{ $dropped ->
        [yes] {" "}（ドロップ）
       *[no] {""}
    }
tournament-none = このサーバーにはトーナメントがありません。
tournament-not-organizer = それができるのは主催者（「サーバー管理」権限、または主催者ロールを持つメンバー）だけです。
tournament-organizer-manage-only = 主催者ロールを設定できるのは「サーバー管理」権限を持つメンバーだけです。
tournament-organizer-set = トーナメントの主催者：「サーバー管理」権限を持つメンバーと、{ $role }ロールを持つメンバー。
tournament-organizer-cleared = トーナメントの主催者：「サーバー管理」権限を持つメンバーのみ。
tournament-too-many = このサーバーには、受付中または進行中のトーナメントがすでに{ $n }個あります。
tournament-already-started = そのトーナメントはすでに始まっています。
tournament-too-few = トーナメントには2人以上のプレイヤーが必要です。
tournament-not-running = そのトーナメントは進行中ではありません。
tournament-join-already = すでに参加しています。
tournament-join-full = トーナメントは満員です（{ $n }人）。
tournament-join-closed = このトーナメントの参加受付は締め切られました。
tournament-leave-absent = このトーナメントには参加していません。
tournament-leave-closed = このトーナメントの参加受付は締め切られました。
tournament-no-table = { $player }には現在のラウンドの卓がありません。
tournament-reported = 第{ $round }ラウンド{ $table }卓の結果を記録しました。
tournament-not-a-player = { $player }はこのトーナメントに参加していません（またはすでにドロップしています）。
tournament-dropped = { $player }はトーナメントからドロップしました（第{ $round }ラウンド終了後）。
tournament-round-ended = 第{ $round }ラウンドが終了しました：終わっていない{ $drawn }試合は引き分けです。

# コマンド
cmd-bingo-tournament =
    .name = トーナメント
    .description = BingoMagicのスイス式トーナメント。
cmd-bingo-tournament-create =
    .name = 作成
    .description = 主催者のみ：スイス式トーナメントを作成します。
cmd-bingo-tournament-create-name =
    .name = 名前
    .description = トーナメントの名前
cmd-bingo-tournament-create-minutes =
    .name = 分
    .description = 各ラウンドの制限時間（分）
cmd-bingo-tournament-create-rounds =
    .name = ラウンド数
    .description = スイス式のラウンド数（既定：参加人数から決定）
cmd-bingo-tournament-create-mulligan =
    .name = マリガン
    .description = マリガン・ルール（既定：サーバーの設定）
cmd-bingo-tournament-create-free_first =
    .name = 初回フリー
    .description = 最初のマリガンはフリー
cmd-bingo-tournament-create-sequential =
    .name = 1人ずつ
    .description = 1人ずつキープするまでマリガンし、それから次の人が宣言する
cmd-bingo-tournament-create-forest_either_pile =
    .name = 森_両方の墓地
    .description = ハウスルール：森はどちらの墓地からでも回収できる
cmd-bingo-tournament-create-cut =
    .name = トップ8
    .description = スイス式の後、上位8人でシングル・エリミネーションを行う
cmd-bingo-tournament-start =
    .name = 開始
    .description = 主催者のみ：参加受付を締め切り、第1ラウンドの組み合わせを作ります。
cmd-bingo-tournament-start-tournament =
    .name = トーナメント
    .description = トーナメントの番号（既定：受付中か進行中の最新のもの）
cmd-bingo-tournament-standings =
    .name = 順位
    .description = タイブレーカー付きの順位表。
cmd-bingo-tournament-standings-tournament =
    .name = トーナメント
    .description = トーナメントの番号（既定：受付中か進行中の最新のもの）
cmd-bingo-tournament-report =
    .name = 結果報告
    .description = 主催者のみ：結果を手動で記録します。
cmd-bingo-tournament-report-player =
    .name = プレイヤー
    .description = その卓のプレイヤー
cmd-bingo-tournament-report-result =
    .name = 結果
    .description = そのプレイヤーの結果
cmd-bingo-tournament-report-tournament =
    .name = トーナメント
    .description = トーナメントの番号（既定：受付中か進行中の最新のもの）
cmd-bingo-tournament-drop =
    .name = ドロップ
    .description = プレイヤーをドロップさせます（自分自身か、主催者なら誰でも）。
cmd-bingo-tournament-drop-player =
    .name = プレイヤー
    .description = ドロップする人（既定：自分）
cmd-bingo-tournament-drop-tournament =
    .name = トーナメント
    .description = トーナメントの番号（既定：受付中か進行中の最新のもの）
cmd-bingo-tournament-end-round =
    .name = ラウンド終了
    .description = 主催者のみ：制限時間でラウンドを終えます。終わっていない試合は引き分け。
cmd-bingo-tournament-end-round-tournament =
    .name = トーナメント
    .description = トーナメントの番号（既定：受付中か進行中の最新のもの）
cmd-bingo-tournament-organizer =
    .name = 主催者
    .description = サーバー管理のみ：トーナメント主催者のロールを設定または解除します。
cmd-bingo-tournament-organizer-role =
    .name = ロール
    .description = このロールのメンバーがトーナメントを主催できる（空にすると解除）
choice-win =
    .name = 勝ち
choice-loss =
    .name = 負け
choice-draw =
    .name = 引き分け
