# トーナメント開始後の参加受付メッセージ（cogs/bingo/_tournaments.py）。
tournament-signup-closed =
    🏆 **{ $name }**（トーナメント #{ $id }）：参加受付は終了し、トーナメントが始まりました。
    スイス式：{ $rounds }回戦 · 1ラウンド{ $minutes }分{ $cut ->
        [0] {""}
       *[other] {""} · 上位{ $cut }人による決勝トーナメント
    }
    参加者（{ $count }人）：{ $players }
