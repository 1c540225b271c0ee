enum LaunchPlaceholder {}
