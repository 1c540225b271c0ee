#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension Reactive where Base: UISearchBar {
    /// The search bar's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UISearchBar, UISearchBarDelegate> {
      RxSearchBarDelegateProxy.proxy(for: base)
    }

    /// The search bar's text: current on subscription, then after each change and when editing
    /// ends.
    @preconcurrency @MainActor
    public var text: ControlProperty<String?> {
      value
    }

    /// The search bar's text (``text``).
    @preconcurrency @MainActor
    public var value: ControlProperty<String?> {
      ControlSource.property(
        of: base, deallocated: deallocated,
        listen: ControlSource.listening(to: [\.textDidChange, \.textDidEndEditing]) {
          RxSearchBarDelegateProxy.proxy(for: $0)
        },
        getter: { $0.text }, setter: { $0.text = $1 })
    }

    /// The selected scope button's index: current on subscription, then after each change.
    @preconcurrency @MainActor
    public var selectedScopeButtonIndex: ControlProperty<Int> {
      ControlSource.property(
        of: base, deallocated: deallocated,
        listen: ControlSource.listening(to: [\.selectedScopeButtonIndexDidChange]) {
          RxSearchBarDelegateProxy.proxy(for: $0)
        },
        getter: { $0.selectedScopeButtonIndex }, setter: { $0.selectedScopeButtonIndex = $1 })
    }

    /// Each `searchBarCancelButtonClicked(_:)`.
    @preconcurrency @MainActor
    public var cancelButtonClicked: ControlEvent<Void> { ControlEvent(events: proxy.cancelButtonClicked.events) }

    /// Each `searchBarBookmarkButtonClicked(_:)`.
    @preconcurrency @MainActor
    public var bookmarkButtonClicked: ControlEvent<Void> {
      ControlEvent(events: proxy.bookmarkButtonClicked.events)
    }

    /// Each `searchBarResultsListButtonClicked(_:)`.
    @preconcurrency @MainActor
    public var resultsListButtonClicked: ControlEvent<Void> {
      ControlEvent(events: proxy.resultsListButtonClicked.events)
    }

    /// Each `searchBarSearchButtonClicked(_:)`.
    @preconcurrency @MainActor
    public var searchButtonClicked: ControlEvent<Void> { ControlEvent(events: proxy.searchButtonClicked.events) }

    /// Each `searchBarTextDidBeginEditing(_:)`.
    @preconcurrency @MainActor
    public var textDidBeginEditing: ControlEvent<Void> { ControlEvent(events: proxy.textDidBeginEditing.events) }

    /// Each `searchBarTextDidEndEditing(_:)`.
    @preconcurrency @MainActor
    public var textDidEndEditing: ControlEvent<Void> { ControlEvent(events: proxy.textDidEndEditing.events) }

    /// Makes `delegate` the search bar's forward delegate (held weakly) until the returned
    /// disposable is disposed; refused and reported if another is installed.
    @preconcurrency @MainActor
    public func setDelegate(_ delegate: UISearchBarDelegate) -> Disposable {
      RxSearchBarDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    @MainActor
    private var proxy: RxSearchBarDelegateProxy { RxSearchBarDelegateProxy.proxy(for: base) }
  }
#endif
