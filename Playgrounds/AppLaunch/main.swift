print("AppLaunch placeholder")
