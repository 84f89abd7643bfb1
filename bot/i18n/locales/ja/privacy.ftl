# /privacy：メンバーのデータの書き出しと削除（cogs/privacy、docs/PRIVACY.md）。

privacy-export-ready = 私が保存しているあなたのデータをすべてJSONファイルにしました。このメッセージはあなたにしか見えません。
privacy-export-about-times = 時刻はUTCで、ISO 8601形式（2026-11-29T02:15:00Z）です。今日の手札の日は日付（YYYY-MM-DD）です。
privacy-export-about-ids = IDはDiscordのIDで、文字列として書かれています。横の名前はボットが知っているものです。サーバーの現在の名前、あなたがブロックしたメンバーの現在の名前、対戦開始時の相手の名前です。nullは不明（ボットがサーバーを離れた、またはアカウントがもうない）という意味です。
privacy-export-about-rating = レーティングはopenskillのPlackett–Luceモデル（openskill.me）で、サーバーごとに通算とシーズン別に計算します。数えるのはメンバー同士の対戦だけで、ボットとの対戦は数えません。
privacy-export-about-mu = mu（μ）：あなたの実力の推定値です。全員25から始まります。
privacy-export-about-sigma = sigma（σ）：その推定の不確かさです。8.33から始まり、対戦するほど小さくなり、対戦しない間はゆっくり大きくなります。
privacy-export-about-ordinal = ordinal = μ − 3σ：ボットが表示し、ランキングの順位に使うレーティングです。新しいメンバーは0です。勝つほど、また推定が確かになるほど上がります。
privacy-export-about-last-delta = last_delta：直近のレーティング対象の対戦で、表示レーティング（ordinal）がどれだけ変わったかです。last_playedはその対戦が終わった時刻です。
privacy-export-about-seasons = seasons：サーバーの各シーズンでのレーティングと成績です。シーズン0は、そのサーバーの最初のシーズンより前のすべてです。
privacy-export-about-deleted = 種類が「deleted member」の相手は、自分のデータを削除しました。その対戦はあなたの履歴に残り、成績とレーティングにも引き続き数えられます。
privacy-delete-ask = 私が保存しているあなたのデータ（戦績、レーティング、デッキ、今日の手札への回答、設定）を、すべてのサーバーで削除しますか？　ほかのメンバーとの終了した対戦は、相手の履歴に「削除されたメンバー」との対戦として残り、相手の戦績とレーティングにも引き続き数えられます。元に戻すことはできません。
privacy-delete-confirm = データを削除する
privacy-delete-cancel = キャンセル
privacy-delete-cancelled = 何も削除していません。
privacy-deleted = 完了しました。あなたのデータを削除しました。対戦相手の記録には、あなたとの対戦が「削除されたメンバー」との対戦として残ります。
privacy-not-yours = 答えられるのは依頼したメンバーだけです。
privacy-busy-match = 進行中の対戦があります。終わらせるか投了（`/bingo resign`）してから、もう一度依頼してください。
privacy-busy-tournament = 終わっていないトーナメントに参加しているか、主催しています。棄権するか終了を待ってから、もう一度依頼してください。
privacy-deleted-member = 削除されたメンバー

cmd-privacy =
    .name = プライバシー
    .description = あなたのデータ：コピーを受け取るか、削除します。
cmd-privacy-export =
    .name = 書き出し
    .description = 私が保存しているあなたのデータをファイルで受け取ります。
cmd-privacy-delete =
    .name = 削除
    .description = 私が保存しているあなたのデータをすべて削除します。
