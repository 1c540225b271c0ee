enum StreamsAuthPlaceholder {}
