print("RefreshStorm placeholder")
