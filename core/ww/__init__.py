"""Washington's War (issue 8): rules, cards, generals and set-up. Not playable yet."""
