# キープとマリガンのコーチによる比較（bot/ai/coach.py COMPARISONS）。
mulligan-coach-too-close = ⚖️ 差はシミュレーションの誤差の範囲内で判定できません。キープで問題ありません。
mulligan-coach-tie = ✅ キープはマリガンとまったく同じくらい良い選択でした。
# 今日の手札の結果（cogs/mulligan/_daily.py）。
daily-verdict-agrees = ✅ { $verdict } あなたの答えと一致しています。
daily-verdict-differs = ❌ { $verdict } あなたの答えとは異なります。
daily-next-draws-yours = キープした手札の次に引くカード：{ $cards }。
daily-next-draws-dealt = 配られた初期手札の次に引くカード：{ $cards }。
