print("SocialLogin placeholder")
