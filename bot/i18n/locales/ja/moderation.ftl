# モデレーション（/bingo mod …、/bingo settings moderation）と時間制限つきのトーナメントのラウンド。
mod-refused = これはモデレーターだけができます：「メッセージの管理」権限を持つメンバー、または`/bingo settings moderation`で設定したモデレーターロールのメンバー。
mod-no-live-match = このサーバーに進行中の対戦#{ $id }はありません。
mod-ended = 対戦#{ $id }を結果なしで終了しました。プレイヤーには理由が伝えられました。
mod-ended-public = { $players }：モデレーターがBingoMagic #{ $id }を結果なしで終了しました（誰の記録にもなりません）。理由：{ $reason }
mod-challenge-cancelled = モデレーターが{ $challenger }から{ $opponent }への挑戦を取り消しました。
mod-cancelled = { $count ->
        [0] { $member }には受付中の挑戦がありません。
       *[other] { $member }の受付中の挑戦を{ $count }件取り消しました。
    }
mod-removed = { $player }を{ $name }から外しました。
mod-settings-none = なし
mod-settings-saved = モデレーション設定を保存しました。モデレーターロール：{ $role }。ログチャンネル：{ $channel }。
mod-log-end = { $moderator }が対戦#{ $id }を結果なしで終了しました。理由：{ $reason }
mod-log-cancel = { $moderator }が{ $member }の受付中の挑戦を{ $count }件取り消しました。
mod-log-remove = { $moderator }が{ $player }を{ $name }（トーナメント#{ $id }）から外しました。

tournament-table-waiting = プレイヤーの進行中の対戦が終わるまで待機
tournament-table-started = テーブル{ $table }：{ $a }対{ $b }は今から対戦できます。
tournament-round-timed-out = { $name }：第{ $round }ラウンドの時間切れです。終わっていない{ $drawn }テーブルを終了しました。
tournament-round-warning = { $name }：第{ $round }ラウンドは{ $deadline }に終わります。そのとき終わっていない対戦は引き分けになります。

# コマンド
cmd-bingo-mod =
    .name = モデレート
    .description = BingoMagicのモデレーション（モデレーター）。
cmd-bingo-mod-end =
    .name = 終了
    .description = モデレーターのみ：進行中の対戦を結果なしで終了します。
cmd-bingo-mod-end-match =
    .name = 対戦
    .description = 対戦番号（ボードに表示）
cmd-bingo-mod-end-reason =
    .name = 理由
    .description = 理由：両プレイヤーに表示されます
cmd-bingo-mod-cancel =
    .name = 取り消し
    .description = モデレーターのみ：メンバーの受付中の挑戦を取り消します。
cmd-bingo-mod-cancel-member =
    .name = メンバー
    .description = 誰の挑戦か（送ったものと受けたもの）
cmd-bingo-mod-remove =
    .name = 除外
    .description = モデレーターのみ：トーナメントからプレイヤーを外します。
cmd-bingo-mod-remove-player =
    .name = プレイヤー
    .description = 外すプレイヤー
cmd-bingo-mod-remove-tournament =
    .name = トーナメント
    .description = トーナメント番号（省略時：最新の受付中・進行中のもの）
cmd-bingo-settings-moderation =
    .name = モデレーション
    .description = サーバー管理のみ：モデレーターロールとモデレーションのログチャンネル。
cmd-bingo-settings-moderation-role =
    .name = ロール
    .description = このロールのメンバーがモデレーターになります（空：「メッセージの管理」のみ）
cmd-bingo-settings-moderation-channel =
    .name = チャンネル
    .description = モデレーターの操作を記録する場所（空：記録なし）
