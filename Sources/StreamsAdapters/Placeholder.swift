enum StreamsAdaptersPlaceholder {}
