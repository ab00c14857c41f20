// The documented defaults: what a sender does when its delegate does not implement a method that returns a value
// (see `DocumentedDefault`). One entry a line:
//
//     Module | Protocol | requirement | expression | documentation page
//
// `Protocol` is the protocol that declares the requirement (a refinement finds its parents' entries), `requirement`
// its name as `--default` takes it, `expression` the answer (it may use the requirement's parameters), and the page
// is where Apple (or swift-corelibs-foundation) says so. `DocumentedDefaultsTests` checks that every entry parses,
// is one expression, and names a requirement that exists in the fixtures it has; `Scripts/apple-sweep.py`
// type-checks every entry against the SDK. Entries are sorted by module, protocol and requirement.

extension DocumentedDefault {
  static let table = #"""
    ARKit | ARSessionObserver | sessionShouldAttemptRelocalization(_:) | true | https://developer.apple.com/documentation/arkit/arsessionobserver/sessionshouldattemptrelocalization(_:)
    AVFoundation | AVAssetResourceLoaderDelegate | resourceLoader(_:shouldWaitForLoadingOfRequestedResource:) | false | convention: false, the answer for a resource no delegate can load: true would promise that someone finishes the request later, so the loader would wait forever (Apple documents no default)
    AVFoundation | AVAssetResourceLoaderDelegate | resourceLoader(_:shouldWaitForRenewalOfRequestedResource:) | false | convention: false, the answer for a resource no delegate can load: true would promise that someone finishes the request later, so the loader would wait forever (Apple documents no default)
    AVFoundation | AVAssetResourceLoaderDelegate | resourceLoader(_:shouldWaitForResponseTo:) | false | convention: false, the answer for a resource no delegate can load: true would promise that someone finishes the request later, so the loader would wait forever (Apple documents no default)
    AVFoundation | AVContentKeySessionDelegate | contentKeySession(_:shouldRetry:reason:) | false | convention: false; the Apple page has no discussion, but the AVContentKeySession.h header comment says that if the delegate does not implement this method the content key request fails (is not retried)
    AVFoundation | AVPlayerPlaybackCoordinatorDelegate | playbackCoordinator(_:identifierFor:) | "\(ObjectIdentifier(playerItem))" | convention: an identifier unique to the item object (the asset's URL is main-actor state this nonisolated requirement cannot read)
    AVFoundation | AVPlayerPlaybackCoordinatorDelegate | playbackCoordinator(_:interstitialTimeRangesFor:) | [] | https://developer.apple.com/documentation/avfoundation/avplayerplaybackcoordinatordelegate/playbackcoordinator(_:interstitialtimerangesfor:)
    AVKit | AVPictureInPictureSampleBufferPlaybackDelegate | pictureInPictureControllerIsPlaybackPaused(_:) | true | convention: required; with no observer nothing is playing, so report paused (consistent with the invalid time range returned for no content)
    AVKit | AVPictureInPictureSampleBufferPlaybackDelegate | pictureInPictureControllerShouldProhibitBackgroundAudioPlayback(_:) | false | convention: false; background audio is prohibited only when a delegate asks for it (the page says the system calls this only if you implement it)
    AVKit | AVPictureInPictureSampleBufferPlaybackDelegate | pictureInPictureControllerTimeRangeForPlayback(_:) | .invalid | https://developer.apple.com/documentation/avkit/avpictureinpicturesamplebufferplaybackdelegate/pictureinpicturecontrollertimerangeforplayback(_:)
    AVKit | AVPlayerViewControllerDelegate | playerViewControllerShouldAutomaticallyDismissAtPictureInPictureStart(_:) | true | https://developer.apple.com/documentation/avkit/avplayerviewcontrollerdelegate/playerviewcontrollershouldautomaticallydismissatpictureinpicturestart(_:)
    AppKit | NSAlertDelegate | alertShowHelp(_:) | false | https://developer.apple.com/documentation/appkit/nsalertdelegate/alertshowhelp(_:)
    AppKit | NSAnimationDelegate | animation(_:valueForProgress:) | Float(progress) | convention: approximation of the curve value NSAnimation computes itself when the delegate does not implement this (documented); exact for the linear curve only
    AppKit | NSAnimationDelegate | animationShouldStart(_:) | true | convention: a should… question defaults to true (the animation starts)
    AppKit | NSApplicationDelegate | application(_:continue:restorationHandler:) | false | convention: false = not handled by the delegate, so AppKit attempts to continue the activity itself (the Return Value section)
    AppKit | NSApplicationDelegate | application(_:delegateHandlesKey:) | false | convention: the delegate handles no scripting keys
    AppKit | NSApplicationDelegate | application(_:openFile:) | false | convention: no observer opened the file, so report failure
    AppKit | NSApplicationDelegate | application(_:openFileWithoutUI:) | false | convention: no observer opened the file, so report failure
    AppKit | NSApplicationDelegate | application(_:openTempFile:) | false | convention: no observer opened the file, so report failure
    AppKit | NSApplicationDelegate | application(_:printFile:) | false | convention: no observer printed the file, so report failure
    AppKit | NSApplicationDelegate | application(_:printFiles:withSettings:showPrintPanels:) | .printingFailure | convention: no observer printed the files, so report failure
    AppKit | NSApplicationDelegate | application(_:willContinueUserActivityWithType:) | false | https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:willcontinueuseractivitywithtype:)
    AppKit | NSApplicationDelegate | application(_:willPresentError:) | error | convention: the error passed in is presented unchanged, as with no delegate method
    AppKit | NSApplicationDelegate | applicationOpenUntitledFile(_:) | false | convention: no observer opened an untitled file, so report failure
    AppKit | NSApplicationDelegate | applicationShouldAutomaticallyLocalizeKeyEquivalents(_:) | true | https://developer.apple.com/documentation/appkit/nsapplicationdelegate/applicationshouldautomaticallylocalizekeyequivalents(_:)
    AppKit | NSApplicationDelegate | applicationShouldHandleReopen(_:hasVisibleWindows:) | true | https://developer.apple.com/documentation/appkit/nsapplicationdelegate/applicationshouldhandlereopen(_:hasvisiblewindows:)
    AppKit | NSApplicationDelegate | applicationShouldOpenUntitledFile(_:) | true | convention: a should… question defaults to true (AppKit opens an untitled document at launch or reopen when there is no delegate)
    AppKit | NSApplicationDelegate | applicationShouldTerminate(_:) | .terminateNow | convention: termination proceeds, as when the delegate does not implement the method (the page says you should generally return terminateNow)
    AppKit | NSApplicationDelegate | applicationShouldTerminateAfterLastWindowClosed(_:) | false | convention: false; without a delegate an app keeps running after its last window closes (a true answer is what makes AppKit terminate)
    AppKit | NSApplicationDelegate | applicationSupportsSecureRestorableState(_:) | false | convention: false; without the delegate method the app has not opted in to secure restorable state
    AppKit | NSBrowserDelegate | browser(_:acceptDrop:atRow:column:dropOperation:) | false | convention: no observer incorporates the drop, so decline it
    AppKit | NSBrowserDelegate | browser(_:canDragRowsWith:inColumn:with:) | true | convention: a can… question defaults to true
    AppKit | NSBrowserDelegate | browser(_:child:ofItem:) | NSNull() | convention: placeholder; with no observer numberOfChildrenOfItem answers 0, so no child is ever requested
    AppKit | NSBrowserDelegate | browser(_:heightOfRow:inColumn:) | browser.rowHeight | convention: the browser's uniform rowHeight, which it uses without the delegate method
    AppKit | NSBrowserDelegate | browser(_:isColumnValid:) | true | convention: the column is valid, so the browser does not reload it
    AppKit | NSBrowserDelegate | browser(_:isLeafItem:) | true | convention: with no observer an item has no children (numberOfChildrenOfItem answers 0), so it is a leaf
    AppKit | NSBrowserDelegate | browser(_:namesOfPromisedFilesDroppedAtDestination:forDraggedRowsWith:inColumn:) | [] | convention: an array defaults to [] (no promised files)
    AppKit | NSBrowserDelegate | browser(_:nextTypeSelectMatchFromRow:toRow:inColumn:for:) | -1 | convention: -1 means no match (the Return Value section); the browser's built-in type-select matching cannot be reproduced by the multiplexer
    AppKit | NSBrowserDelegate | browser(_:numberOfChildrenOfItem:) | 0 | convention: no observer supplies data, so no children
    AppKit | NSBrowserDelegate | browser(_:numberOfRowsInColumn:) | 0 | convention: no observer supplies data, so no rows
    AppKit | NSBrowserDelegate | browser(_:selectCellWith:inColumn:) | false | convention: no observer selected a cell, so report failure
    AppKit | NSBrowserDelegate | browser(_:selectRow:inColumn:) | false | convention: no observer selected the row, so report failure
    AppKit | NSBrowserDelegate | browser(_:selectionIndexesForProposedSelection:inColumn:) | proposedSelectionIndexes | convention: the proposed selection passed in, accepted unchanged as with no delegate method
    AppKit | NSBrowserDelegate | browser(_:shouldEditItem:) | true | convention: a should… question defaults to true
    AppKit | NSBrowserDelegate | browser(_:shouldShowCellExpansionForRow:column:) | true | convention: a should… question defaults to true (cell expansion tooltips are shown)
    AppKit | NSBrowserDelegate | browser(_:shouldSizeColumn:forUserResize:toWidth:) | suggestedWidth | convention: the suggested width passed in, which the Return Value section says to return to accept it
    AppKit | NSBrowserDelegate | browser(_:shouldTypeSelectFor:withCurrentSearch:) | true | convention: a should… question defaults to true
    AppKit | NSBrowserDelegate | browser(_:sizeToFitWidthOfColumn:) | -1 | https://developer.apple.com/documentation/appkit/nsbrowserdelegate/browser(_:sizetofitwidthofcolumn:)
    AppKit | NSBrowserDelegate | browser(_:validateDrop:proposedRow:column:dropOperation:) | [] | convention: no drag operation (NSDragOperationNone), since no observer accepts drops
    AppKit | NSBrowserDelegate | browser(_:writeRowsWith:inColumn:to:) | false | convention: no observer writes drag data, so refuse the drag
    AppKit | NSCloudSharingServiceDelegate | options(for:share:) | .standard | https://developer.apple.com/documentation/appkit/nscloudsharingservicedelegate/options(for:share:)
    AppKit | NSCollectionViewDelegate | collectionView(_: NSCollectionView, draggingImageForItemsAt: IndexSet, with: NSEvent, offset: NSPointPointer) -> NSImage | collectionView.draggingImageForItems(at: indexes, with: event, offset: dragImageOffset) | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:draggingimageforitemsat:with:offset:)-4yvk5
    AppKit | NSCollectionViewDelegate | collectionView(_: NSCollectionView, draggingImageForItemsAt: Set<IndexPath>, with: NSEvent, offset: NSPointPointer) -> NSImage | collectionView.draggingImageForItems(at: indexPaths, with: event, offset: dragImageOffset) | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:draggingimageforitemsat:with:offset:)-898js
    AppKit | NSCollectionViewDelegate | collectionView(_:acceptDrop:index:dropOperation:) | false | convention: no observer incorporates the drop, so reject it
    AppKit | NSCollectionViewDelegate | collectionView(_:acceptDrop:indexPath:dropOperation:) | false | convention: no observer incorporates the drop, so reject it
    AppKit | NSCollectionViewDelegate | collectionView(_:canDragItemsAt:with:) | true | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:candragitemsat:with:)-49wix
    AppKit | NSCollectionViewDelegate | collectionView(_:namesOfPromisedFilesDroppedAtDestination:forDraggedItemsAt:) | [] | convention: an array defaults to [] (no promised files)
    AppKit | NSCollectionViewDelegate | collectionView(_:shouldChangeItemsAt:to:) | indexPaths | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:shouldchangeitemsat:to:)
    AppKit | NSCollectionViewDelegate | collectionView(_:shouldDeselectItemsAt:) | indexPaths | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:shoulddeselectitemsat:)
    AppKit | NSCollectionViewDelegate | collectionView(_:shouldSelectItemsAt:) | indexPaths | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:shouldselectitemsat:)
    AppKit | NSCollectionViewDelegate | collectionView(_:transitionLayoutForOldLayout:newLayout:) | NSCollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout) | https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:transitionlayoutforoldlayout:newlayout:)
    AppKit | NSCollectionViewDelegate | collectionView(_:validateDrop:proposedIndex:dropOperation:) | [] | convention: no drag operation (NSDragOperationNone), since no observer accepts drops
    AppKit | NSCollectionViewDelegate | collectionView(_:validateDrop:proposedIndexPath:dropOperation:) | [] | convention: no drag operation (NSDragOperationNone); without this method the collection view accepts no drops (the page)
    AppKit | NSCollectionViewDelegate | collectionView(_:writeItemsAt:to:) | false | convention: no observer writes drag data, so refuse the drag
    AppKit | NSControlTextEditingDelegate | control(_:didFailToFormatString:errorDescription:) | false | convention: the unformattable string is rejected, as when no delegate accepts it
    AppKit | NSControlTextEditingDelegate | control(_:isValidObject:) | true | convention: every value is valid unless a delegate rejects it
    AppKit | NSControlTextEditingDelegate | control(_:textShouldBeginEditing:) | true | convention: a should… question defaults to true
    AppKit | NSControlTextEditingDelegate | control(_:textShouldEndEditing:) | true | convention: a should… question defaults to true
    AppKit | NSControlTextEditingDelegate | control(_:textView:completions:forPartialWordRange:indexOfSelectedItem:) | words | convention: the proposed completions passed in, used unchanged as with no delegate method
    AppKit | NSControlTextEditingDelegate | control(_:textView:doCommandBy:) | false | convention: false = command not handled, so the text view performs it (the Return Value section)
    AppKit | NSDrawerDelegate | drawerShouldClose(_:) | true | convention: a should… question defaults to true
    AppKit | NSDrawerDelegate | drawerShouldOpen(_:) | true | convention: a should… question defaults to true
    AppKit | NSDrawerDelegate | drawerWillResizeContents(_:to:) | contentSize | convention: the proposed size passed in, used unchanged
    AppKit | NSFilePromiseProviderDelegate | filePromiseProvider(_:fileNameForType:) | "" | convention: required; no observer names the promised file, so an empty name
    AppKit | NSFilePromiseProviderDelegate | operationQueue(for:) | OperationQueue.main | https://developer.apple.com/documentation/appkit/nsfilepromiseproviderdelegate/operationqueue(for:)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizer(_:shouldAttemptToRecognizeWith:) | true | https://developer.apple.com/documentation/appkit/nsgesturerecognizerdelegate/gesturerecognizer(_:shouldattempttorecognizewith:)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizer(_:shouldBeRequiredToFailBy:) | false | https://developer.apple.com/documentation/appkit/nsgesturerecognizerdelegate/gesturerecognizer(_:shouldberequiredtofailby:)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizer(_:shouldReceive:) | true | convention: a should… question defaults to true (as UIKit documents for its counterpart)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:) | false | https://developer.apple.com/documentation/appkit/nsgesturerecognizerdelegate/gesturerecognizer(_:shouldrecognizesimultaneouslywith:)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizer(_:shouldRequireFailureOf:) | false | https://developer.apple.com/documentation/appkit/nsgesturerecognizerdelegate/gesturerecognizer(_:shouldrequirefailureof:)
    AppKit | NSGestureRecognizerDelegate | gestureRecognizerShouldBegin(_:) | true | https://developer.apple.com/documentation/appkit/nsgesturerecognizerdelegate/gesturerecognizershouldbegin(_:)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:boundingBoxForControlGlyphAt:for:proposedLineFragment:glyphPosition:characterIndex:) | CGRect(origin: glyphPosition, size: .zero) | convention: a zero-size box at the glyph position (control glyphs take no space unless the delegate sizes them)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:lineSpacingAfterGlyphAt:withProposedLineFragmentRect:) | 0 | convention: no extra line spacing beyond the paragraph style
    AppKit | NSLayoutManagerDelegate | layoutManager(_:paragraphSpacingAfterGlyphAt:withProposedLineFragmentRect:) | 0 | convention: no extra paragraph spacing beyond the paragraph style
    AppKit | NSLayoutManagerDelegate | layoutManager(_:paragraphSpacingBeforeGlyphAt:withProposedLineFragmentRect:) | 0 | convention: no extra paragraph spacing beyond the paragraph style
    AppKit | NSLayoutManagerDelegate | layoutManager(_:shouldBreakLineByHyphenatingBeforeCharacterAt:) | true | convention: a should… question defaults to true (the proposed hyphenation point is accepted)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:shouldBreakLineByWordBeforeCharacterAt:) | true | convention: a should… question defaults to true (the proposed word break is accepted)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:shouldGenerateGlyphs:properties:characterIndexes:font:forGlyphRange:) | 0 | https://developer.apple.com/documentation/appkit/nslayoutmanagerdelegate/layoutmanager(_:shouldgenerateglyphs:properties:characterindexes:font:forglyphrange:)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:shouldSetLineFragmentRect:lineFragmentUsedRect:baselineOffset:in:forGlyphRange:) | false | https://developer.apple.com/documentation/appkit/nslayoutmanagerdelegate/layoutmanager(_:shouldsetlinefragmentrect:linefragmentusedrect:baselineoffset:in:forglyphrange:)
    AppKit | NSLayoutManagerDelegate | layoutManager(_:shouldUse:forControlCharacterAt:) | action | convention: the proposed action passed in, which the layout manager uses without a delegate
    AppKit | NSMenuDelegate | confinementRect(for:on:) | .zero | https://developer.apple.com/documentation/appkit/nsmenudelegate/confinementrect(for:on:)
    AppKit | NSMenuDelegate | menu(_:update:at:shouldCancel:) | true | convention: continue updating; never reached when numberOfItems(in:) answers -1
    AppKit | NSMenuDelegate | menuHasKeyEquivalent(_:for:target:action:) | false | convention: no observer claims the key equivalent (without the method the menu is populated and searched instead, which the multiplexer cannot do)
    AppKit | NSMenuDelegate | numberOfItems(in:) | -1 | https://developer.apple.com/documentation/appkit/nsmenudelegate/numberofitems(in:)
    AppKit | NSOpenSavePanelDelegate | panel(_:shouldEnable:) | true | convention: a should… question defaults to true (every URL is enabled)
    AppKit | NSOutlineViewDelegate | outlineView(_:heightOfRowByItem:) | outlineView.rowHeight | convention: the uniform rowHeight the outline view uses without this method
    AppKit | NSOutlineViewDelegate | outlineView(_:isGroupItem:) | false | convention: no item is a group item unless a delegate says so
    AppKit | NSOutlineViewDelegate | outlineView(_:selectionIndexesForProposedSelection:) | proposedSelectionIndexes | convention: the proposed selection passed in, accepted unchanged (the Return Value section)
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldCollapseItem:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldEdit:item:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldExpandItem:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldReorderColumn:toColumn:) | true | https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineview(_:shouldreordercolumn:tocolumn:)
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldSelect:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldSelectItem:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldShowCellExpansionFor:item:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldShowOutlineCellForItem:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldTrackCell:for:item:) | true | convention: a should… question defaults to true (cells in selectable rows are tracked)
    AppKit | NSOutlineViewDelegate | outlineView(_:shouldTypeSelectFor:withCurrentSearch:) | true | convention: a should… question defaults to true
    AppKit | NSOutlineViewDelegate | outlineView(_:sizeToFitWidthOfColumn:) | outlineView.tableColumns[column].width | convention: keep the current column width; the outline view's own size-to-fit computation cannot be reproduced by the multiplexer
    AppKit | NSOutlineViewDelegate | outlineView(_:toolTipFor:rect:tableColumn:item:mouseLocation:) | "" | https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineview(_:tooltipfor:rect:tablecolumn:item:mouselocation:)
    AppKit | NSOutlineViewDelegate | outlineView(_:userCanChangeVisibilityOf:) | false | convention: false; the table view only offers its show/hide-columns menu when a delegate implements this (see the NSTableViewDelegate counterpart)
    AppKit | NSOutlineViewDelegate | selectionShouldChange(in:) | true | convention: a should… question defaults to true
    AppKit | NSPageControllerDelegate | pageController(_:frameFor:) | pageController.selectedViewController?.view.frame ?? pageController.view.bounds | https://developer.apple.com/documentation/appkit/nspagecontrollerdelegate/pagecontroller(_:framefor:)
    AppKit | NSPageControllerDelegate | pageController(_:identifierFor:) | "" | convention: an empty identifier; no observer supplies view controllers
    AppKit | NSPageControllerDelegate | pageController(_:viewControllerForIdentifier:) | { let controller = NSViewController(); controller.view = NSView(); return controller }() | convention: a blank view controller with an empty view, since no observer supplies one
    AppKit | NSPathControlDelegate | pathControl(_:acceptDrop:) | false | convention: no observer handles the drop (the built-in editable-cell drop handling used without this method cannot be reproduced)
    AppKit | NSPathControlDelegate | pathControl(_:shouldDrag:with:) | true | convention: a should… question defaults to true (the drag proceeds with the default pasteboard types)
    AppKit | NSPathControlDelegate | pathControl(_:validateDrop:) | [] | convention: no drag operation, since no observer handles the drop
    AppKit | NSPopoverDelegate | popoverShouldClose(_:) | true | convention: a should… question defaults to true (the popover closes; NSPopover.h says the popover itself is asked when the delegate does not implement it)
    AppKit | NSPopoverDelegate | popoverShouldDetach(_:) | false | https://developer.apple.com/documentation/appkit/nspopoverdelegate/popovershoulddetach(_:)
    AppKit | NSRuleEditorDelegate | ruleEditor(_:child:forCriterion:with:) | NSNull() | convention: required; placeholder never requested because numberOfChildrenForCriterion answers 0
    AppKit | NSRuleEditorDelegate | ruleEditor(_:displayValueForCriterion:inRow:) | "" | convention: required; an empty display string
    AppKit | NSRuleEditorDelegate | ruleEditor(_:numberOfChildrenForCriterion:with:) | 0 | convention: required; no observer supplies criteria
    AppKit | NSScrubberFlowLayoutDelegate | scrubber(_:layout:sizeForItemAt:) | NSSize(width: 50, height: 30) | convention: the flow layout's default itemSize, 50 by 30 points (its itemSize is main-actor state this nonisolated requirement cannot read)
    AppKit | NSSharingServiceDelegate | sharingService(_:sourceFrameOnScreenForShareItem:) | .zero | convention: an empty rect, i.e. no source frame for the transition
    AppKit | NSSharingServicePickerDelegate | sharingServicePicker(_:sharingServicesForItems:proposedSharingServices:) | proposedServices | convention: the proposed services passed in, shown unchanged as with no delegate method
    AppKit | NSSharingServicePickerToolbarItemDelegate | items(for:) | [] | convention: required; an array defaults to [] (nothing to share)
    AppKit | NSSharingServicePickerTouchBarItemDelegate | items(for:) | [] | convention: required; an array defaults to [] (nothing to share)
    AppKit | NSSplitViewDelegate | splitView(_:additionalEffectiveRectOfDividerAt:) | .zero | https://developer.apple.com/documentation/appkit/nssplitviewdelegate/splitview(_:additionaleffectiverectofdividerat:)
    AppKit | NSSplitViewDelegate | splitView(_:canCollapseSubview:) | false | https://developer.apple.com/documentation/appkit/nssplitviewdelegate/splitview(_:cancollapsesubview:)
    AppKit | NSSplitViewDelegate | splitView(_:constrainMaxCoordinate:ofSubviewAt:) | proposedMaximumPosition | convention: the proposed limit passed in, used unchanged as with no delegate method
    AppKit | NSSplitViewDelegate | splitView(_:constrainMinCoordinate:ofSubviewAt:) | proposedMinimumPosition | convention: the proposed limit passed in, used unchanged as with no delegate method
    AppKit | NSSplitViewDelegate | splitView(_:constrainSplitPosition:ofSubviewAt:) | proposedPosition | convention: the proposed position passed in, used unchanged as with no delegate method
    AppKit | NSSplitViewDelegate | splitView(_:effectiveRect:forDrawnRect:ofDividerAt:) | proposedEffectiveRect | https://developer.apple.com/documentation/appkit/nssplitviewdelegate/splitview(_:effectiverect:fordrawnrect:ofdividerat:)
    AppKit | NSSplitViewDelegate | splitView(_:shouldAdjustSizeOfSubview:) | true | https://developer.apple.com/documentation/appkit/nssplitviewdelegate/splitview(_:shouldadjustsizeofsubview:)
    AppKit | NSSplitViewDelegate | splitView(_:shouldCollapseSubview:forDoubleClickOnDividerAt:) | false | convention: false; subviews cannot collapse without a delegate (splitView(_:canCollapseSubview:) documents false)
    AppKit | NSSplitViewDelegate | splitView(_:shouldHideDividerAt:) | false | https://developer.apple.com/documentation/appkit/nssplitviewdelegate/splitview(_:shouldhidedividerat:)
    AppKit | NSTabViewDelegate | tabView(_:shouldSelect:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | selectionShouldChange(in:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:heightOfRow:) | tableView.rowHeight | convention: the uniform rowHeight the table view uses without this method
    AppKit | NSTableViewDelegate | tableView(_:isGroupRow:) | false | convention: no row is a group row unless a delegate says so
    AppKit | NSTableViewDelegate | tableView(_:nextTypeSelectMatchFromRow:toRow:for:) | -1 | convention: -1 means no match (the Return Value section); the table's built-in type-select matching cannot be reproduced by the multiplexer
    AppKit | NSTableViewDelegate | tableView(_:rowActionsForRow:edge:) | [] | https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:rowactionsforrow:edge:)
    AppKit | NSTableViewDelegate | tableView(_:selectionIndexesForProposedSelection:) | proposedSelectionIndexes | convention: the proposed selection passed in, accepted unchanged (the Return Value section)
    AppKit | NSTableViewDelegate | tableView(_:shouldEdit:row:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:shouldReorderColumn:toColumn:) | true | https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:shouldreordercolumn:tocolumn:)
    AppKit | NSTableViewDelegate | tableView(_:shouldSelect:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:shouldSelectRow:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:shouldShowCellExpansionFor:row:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:shouldTrackCell:for:row:) | true | convention: a should… question defaults to true (cells in selectable rows are tracked)
    AppKit | NSTableViewDelegate | tableView(_:shouldTypeSelectFor:withCurrentSearch:) | true | convention: a should… question defaults to true
    AppKit | NSTableViewDelegate | tableView(_:sizeToFitWidthOfColumn:) | tableView.tableColumns[column].width | convention: keep the current column width; the table's own size-to-fit computation cannot be reproduced by the multiplexer
    AppKit | NSTableViewDelegate | tableView(_:toolTipFor:rect:tableColumn:row:mouseLocation:) | "" | https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:tooltipfor:rect:tablecolumn:row:mouselocation:)
    AppKit | NSTableViewDelegate | tableView(_:userCanChangeVisibilityOf:) | false | convention: false; the page says to implement this method to enable the show/hide-columns menu, so without it columns cannot be hidden by the user
    AppKit | NSTextContentManagerDelegate | textContentManager(_:shouldEnumerate:options:) | true | convention: a should… question defaults to true (every element is enumerated)
    AppKit | NSTextDelegate | textShouldBeginEditing(_:) | true | convention: a should… question defaults to true
    AppKit | NSTextDelegate | textShouldEndEditing(_:) | true | convention: a should… question defaults to true
    AppKit | NSTextFieldDelegate | textField(_:textView:candidates:forSelectedRange:) | candidates | convention: the proposed candidates passed in, used unchanged
    AppKit | NSTextFieldDelegate | textField(_:textView:shouldSelectCandidateAt:) | true | convention: a should… question defaults to true
    AppKit | NSTextLayoutManagerDelegate | textLayoutManager(_:shouldBreakLineBefore:hyphenating:) | true | convention: a should… question defaults to true (the proposed line break is accepted)
    AppKit | NSTextLayoutManagerDelegate | textLayoutManager(_:textLayoutFragmentFor:in:) | NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange) | convention: a plain NSTextLayoutFragment for the element, which the layout manager creates without a delegate
    AppKit | NSTextViewDelegate | textView(_:candidates:forSelectedRange:) | candidates | convention: the proposed candidates passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:clickedOnLink:at:) | false | convention: false = click not handled, so the text view's default link handling runs (the Return Value section)
    AppKit | NSTextViewDelegate | textView(_:completions:forPartialWordRange:indexOfSelectedItem:) | words | convention: the proposed completions passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:didCheckTextIn:types:options:results:orthography:wordCount:) | results | convention: the results passed in, returned as is (the Return Value section allows this)
    AppKit | NSTextViewDelegate | textView(_:doCommandBy:) | false | convention: false = command not handled, so the text view performs it (the Return Value section)
    AppKit | NSTextViewDelegate | textView(_:shouldChangeTextIn:replacementString:) | true | convention: a should… question defaults to true
    AppKit | NSTextViewDelegate | textView(_:shouldChangeTextInRanges:replacementStrings:) | true | convention: a should… question defaults to true
    AppKit | NSTextViewDelegate | textView(_:shouldChangeTypingAttributes:toAttributes:) | newTypingAttributes | convention: the proposed typing attributes passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:shouldSelectCandidateAt:) | true | convention: a should… question defaults to true
    AppKit | NSTextViewDelegate | textView(_:shouldSetSpellingState:range:) | value | convention: the proposed spelling state passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:shouldUpdateTouchBarItemIdentifiers:) | identifiers | convention: the proposed identifiers passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:willChangeSelectionFromCharacterRange:toCharacterRange:) | newSelectedCharRange | convention: the proposed selection passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:willChangeSelectionFromCharacterRanges:toCharacterRanges:) | newSelectedCharRanges | convention: the proposed selection passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:willCheckTextIn:options:types:) | options | convention: the proposed options passed in, used unchanged
    AppKit | NSTextViewDelegate | textView(_:writablePasteboardTypesFor:at:) | [] | convention: an array defaults to [] (no extra pasteboard types)
    AppKit | NSTextViewDelegate | textView(_:write:at:to:type:) | false | convention: no observer wrote the attachment, so report failure
    AppKit | NSTextViewDelegate | textView(_:writingToolsIgnoredRangesInEnclosingRange:) | [] | convention: an array defaults to [] (no ranges ignored by Writing Tools)
    AppKit | NSTextViewportLayoutControllerDelegate | viewportBounds(for:) | .zero | convention: required; an empty viewport when no observer is registered
    AppKit | NSTokenFieldCellDelegate | tokenFieldCell(_:completionsForSubstring:indexOfToken:indexOfSelectedItem:) | [] | https://developer.apple.com/documentation/appkit/nstokenfieldcelldelegate/tokenfieldcell(_:completionsforsubstring:indexoftoken:indexofselecteditem:)
    AppKit | NSTokenFieldCellDelegate | tokenFieldCell(_:hasMenuForRepresentedObject:) | false | https://developer.apple.com/documentation/appkit/nstokenfieldcelldelegate/tokenfieldcell(_:hasmenuforrepresentedobject:)
    AppKit | NSTokenFieldCellDelegate | tokenFieldCell(_:shouldAdd:at:) | tokens | convention: the proposed tokens passed in, accepted unchanged
    AppKit | NSTokenFieldCellDelegate | tokenFieldCell(_:styleForRepresentedObject:) | tokenFieldCell.tokenStyle | https://developer.apple.com/documentation/appkit/nstokenfieldcelldelegate/tokenfieldcell(_:styleforrepresentedobject:)
    AppKit | NSTokenFieldCellDelegate | tokenFieldCell(_:writeRepresentedObjects:to:) | false | https://developer.apple.com/documentation/appkit/nstokenfieldcelldelegate/tokenfieldcell(_:writerepresentedobjects:to:)
    AppKit | NSTokenFieldDelegate | tokenField(_:hasMenuForRepresentedObject:) | false | https://developer.apple.com/documentation/appkit/nstokenfielddelegate/tokenfield(_:hasmenuforrepresentedobject:)
    AppKit | NSTokenFieldDelegate | tokenField(_:shouldAdd:at:) | tokens | convention: the proposed tokens passed in, accepted unchanged
    AppKit | NSTokenFieldDelegate | tokenField(_:styleForRepresentedObject:) | tokenField.tokenStyle | https://developer.apple.com/documentation/appkit/nstokenfielddelegate/tokenfield(_:styleforrepresentedobject:)
    AppKit | NSTokenFieldDelegate | tokenField(_:writeRepresentedObjects:to:) | false | https://developer.apple.com/documentation/appkit/nstokenfielddelegate/tokenfield(_:writerepresentedobjects:to:)
    AppKit | NSToolbarDelegate | toolbar(_:itemIdentifier:canBeInsertedAt:) | true | convention: a can… question defaults to true
    AppKit | NSToolbarDelegate | toolbarAllowedItemIdentifiers(_:) | [] | convention: an array defaults to [] (no observer offers items)
    AppKit | NSToolbarDelegate | toolbarDefaultItemIdentifiers(_:) | [] | convention: an array defaults to [] (no observer offers items)
    AppKit | NSToolbarDelegate | toolbarImmovableItemIdentifiers(_:) | [] | https://developer.apple.com/documentation/appkit/nstoolbardelegate/toolbarimmovableitemidentifiers(_:)
    AppKit | NSToolbarDelegate | toolbarSelectableItemIdentifiers(_:) | [] | convention: an array defaults to [] (no item shows a selection indicator)
    AppKit | NSViewLayerContentScaleDelegate | layer(_:shouldInheritContentsScale:from:) | false | convention: false; the layer keeps its contentsScale, as when no delegate takes over the resolution change (true obliges the delegate to update the contents)
    AppKit | NSWindowDelegate | window(_:shouldDragDocumentWith:from:with:) | !window.isDocumentEdited | convention: the default NSWindow behavior, which prohibits dragging an edited document (the page mentions returning true to override that default)
    AppKit | NSWindowDelegate | window(_:shouldPopUpDocumentPathMenu:) | true | convention: a should… question defaults to true (the title pop-up menu is shown)
    AppKit | NSWindowDelegate | window(_:willPositionSheet:using:) | rect | convention: the proposed sheet rect passed in, which the window uses without a delegate
    AppKit | NSWindowDelegate | window(_:willResizeForVersionBrowserWithMaxPreferredSize:maxAllowedSize:) | maxPreferredFrameSize | convention: the preferred size passed in (without the method the version browser uses the standard frame, which an observer-less multiplexer cannot compute)
    AppKit | NSWindowDelegate | window(_:willUseFullScreenContentSize:) | proposedSize | convention: the proposed size passed in, used unchanged as with no delegate method
    AppKit | NSWindowDelegate | window(_:willUseFullScreenPresentationOptions:) | proposedOptions | convention: the proposed options passed in, used unchanged as with no delegate method
    AppKit | NSWindowDelegate | windowShouldClose(_:) | true | convention: a should… question defaults to true (the window closes)
    AppKit | NSWindowDelegate | windowShouldZoom(_:toFrame:) | true | convention: a should… question defaults to true (the window zooms)
    AppKit | NSWindowDelegate | windowWillResize(_:to:) | frameSize | convention: the proposed size passed in, which the window uses without a delegate
    AppKit | NSWindowDelegate | windowWillUseStandardFrame(_:defaultFrame:) | newFrame | convention: the default standard frame passed in, which the window uses without a delegate
    CallKit | CXProviderDelegate | provider(_:execute:) | false | https://developer.apple.com/documentation/callkit/cxproviderdelegate/provider(_:execute:)
    CarPlay | CPMapTemplateDelegate | mapTemplate(_:displayStyleFor:) | [] | convention: the default maneuver display style (CPManeuverDisplayStyleDefault, an NS_OPTIONS value of 0, which Swift spells []), which the system uses when the delegate picks none
    CarPlay | CPMapTemplateDelegate | mapTemplate(_:shouldShowNotificationFor:) | true | convention: a should… question defaults to true (Apple documents no default)
    CarPlay | CPMapTemplateDelegate | mapTemplate(_:shouldUpdateNotificationFor:with:) | true | convention: a should… question defaults to true (Apple documents no default)
    CarPlay | CPMapTemplateDelegate | mapTemplateShouldProvideNavigationMetadata(_:) | false | convention: false; the template provides navigation metadata only when the delegate opts in
    CloudKit | CKSyncEngineDelegate | nextFetchChangesOptions(_:syncEngine:) | context.options | convention: required (has a default implementation in the protocol extension); the context's proposed options, which that default implementation returns
    ContactsUI | CNContactViewControllerDelegate | contactViewController(_:shouldPerformDefaultActionFor:) | true | convention: a should… question defaults to true (the default action for the property is performed)
    CoreData | NSFetchedResultsControllerDelegate | controller(_:sectionIndexTitleForSectionName:) | sectionName.isEmpty ? nil : String(sectionName.prefix(1)).uppercased() | https://developer.apple.com/documentation/coredata/nsfetchedresultscontrollerdelegate/controller(_:sectionindextitleforsectionname:)
    CoreLocation | CLLocationManagerDelegate | locationManagerShouldDisplayHeadingCalibration(_:) | false | https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagershoulddisplayheadingcalibration(_:)
    EventKitUI | EKEventEditViewDelegate | eventEditViewControllerDefaultCalendar(forNewEvents:) | EKCalendar(for: .event, eventStore: EKEventStore()) | convention: a new event calendar (the controller's event store is main-actor state this nonisolated requirement cannot read)
    Foundation | FileManagerDelegate | fileManager(_:shouldCopyItemAt:to:) | true | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldcopyitemat:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldCopyItemAtPath:toPath:) | true | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldcopyitematpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldLinkItemAt:to:) | true | https://developer.apple.com/documentation/foundation/filemanager/linkitem(at:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldLinkItemAtPath:toPath:) | true | https://developer.apple.com/documentation/foundation/filemanager/linkitem(atpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldMoveItemAt:to:) | true | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldmoveitemat:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldMoveItemAtPath:toPath:) | true | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldmoveitematpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:copyingItemAt:to:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:copyingitemat:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:copyingItemAtPath:toPath:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:copyingitematpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:linkingItemAt:to:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:linkingitemat:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:linkingItemAtPath:toPath:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:linkingitematpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:movingItemAt:to:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:movingitemat:to:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:movingItemAtPath:toPath:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:movingitematpath:topath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:removingItemAt:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:removingitemat:)
    Foundation | FileManagerDelegate | fileManager(_:shouldProceedAfterError:removingItemAtPath:) | false | https://developer.apple.com/documentation/foundation/filemanagerdelegate/filemanager(_:shouldproceedaftererror:removingitematpath:)
    Foundation | FileManagerDelegate | fileManager(_:shouldRemoveItemAt:) | true | https://developer.apple.com/documentation/foundation/filemanager/removeitem(at:)
    Foundation | FileManagerDelegate | fileManager(_:shouldRemoveItemAtPath:) | true | https://developer.apple.com/documentation/foundation/filemanager/removeitem(atpath:)
    Foundation | NSKeyedArchiverDelegate | archiver(_:willEncode:) | object | convention: the object passed in, which the archiver encodes without a delegate (nil would drop it)
    Foundation | NSMetadataQueryDelegate | metadataQuery(_:replacementObjectForResultObject:) | result | https://developer.apple.com/documentation/foundation/nsmetadataquerydelegate/metadataquery(_:replacementobjectforresultobject:)
    Foundation | NSMetadataQueryDelegate | metadataQuery(_:replacementValueForAttribute:value:) | attrValue | convention: the proposed attribute value passed in (attrValue) is returned unchanged, as when the delegate does not replace it
    Foundation | NSSpellServerDelegate | spellServer(_:checkGrammarIn:language:details:) | NSRange(location: NSNotFound, length: 0) | convention: no grammatical problem found, as when no observer checks grammar
    Foundation | NSSpellServerDelegate | spellServer(_:findMisspelledWordIn:language:wordCount:countOnly:) | NSRange(location: NSNotFound, length: 0) | convention: no misspelled word found, as when no observer checks spelling
    Foundation | NSURLConnectionDataDelegate | connection(_:willCacheResponse:) | cachedResponse | convention: the response passed in, which the connection caches without a delegate (nil would not cache it)
    Foundation | NSURLConnectionDataDelegate | connection(_:willSend:redirectResponse:) | request | convention: the request passed in, which the connection sends when no delegate changes it (nil would cancel the redirect)
    Foundation | NSURLConnectionDelegate | connection(_:canAuthenticateAgainstProtectionSpace:) | protectionSpace.authenticationMethod != NSURLAuthenticationMethodClientCertificate && protectionSpace.authenticationMethod != NSURLAuthenticationMethodServerTrust | https://developer.apple.com/documentation/foundation/nsurlconnectiondelegate/connection(_:canauthenticateagainstprotectionspace:)
    Foundation | NSURLConnectionDelegate | connectionShouldUseCredentialStorage(_:) | true | https://developer.apple.com/documentation/foundation/nsurlconnectiondelegate/connectionshouldusecredentialstorage(_:)
    Foundation | NSURLDownloadDelegate | download(_:canAuthenticateAgainstProtectionSpace:) | false | https://developer.apple.com/documentation/foundation/nsurldownloaddelegate/download(_:canauthenticateagainstprotectionspace:)
    Foundation | NSURLDownloadDelegate | download(_:shouldDecodeSourceDataOfMIMEType:) | false | convention: false, the file is left encoded unless a delegate asks for decoding (Apple documents no default)
    Foundation | NSURLDownloadDelegate | downloadShouldUseCredentialStorage(_:) | true | https://developer.apple.com/documentation/foundation/nsurldownloaddelegate/downloadshouldusecredentialstorage(_:)
    Foundation | NSUserNotificationCenterDelegate | userNotificationCenter(_:shouldPresent:) | false | convention: false; the center calls this only after deciding not to present the notification (e.g. app frontmost), and true overrides that decision
    Foundation | NSXPCListenerDelegate | listener(_:shouldAcceptNewConnection:) | false | https://developer.apple.com/documentation/foundation/nsxpclistener/delegate
    GameKit | GKMatchDelegate | match(_:shouldReinviteDisconnectedPlayer:) | false | convention: false; GameKit ends the match for a disconnected player unless a delegate asks it to reinvite (Apple documents no default)
    GameKit | GKMatchDelegate | match(_:shouldReinvitePlayer:) | false | convention: false; GameKit ends the match for a disconnected player unless a delegate asks it to reconnect (Apple documents no default)
    MapKit | MKMapViewDelegate | mapView(_: MKMapView, viewFor: any MKOverlay) -> MKOverlayView | MKOverlayView(frame: .zero) | convention: an empty zero-size MKOverlayView draws nothing, which matches the documented nil (no view displays) case; init(overlay:) is unavailable in Swift
    MapKit | MKMapViewDelegate | mapView(_:clusterAnnotationForMemberAnnotations:) | MKClusterAnnotation(memberAnnotations: memberAnnotations) | https://developer.apple.com/documentation/mapkit/mkmapviewdelegate/mapview(_:clusterannotationformemberannotations:)
    MapKit | MKMapViewDelegate | mapView(_:rendererFor:) | MKOverlayRenderer(overlay: overlay) | convention: a plain MKOverlayRenderer for the overlay passed in draws nothing, as when the delegate supplies no renderer
    MultipeerConnectivity | MCBrowserViewControllerDelegate | browserViewController(_:shouldPresentNearbyPeer:withDiscoveryInfo:) | true | https://developer.apple.com/documentation/multipeerconnectivity/mcbrowserviewcontrollerdelegate/browserviewcontroller(_:shouldpresentnearbypeer:withdiscoveryinfo:)
    NetworkExtension | NWTCPConnectionAuthenticationDelegate | shouldEvaluateTrust(for:) | false | convention: false; the page says the default is true only when provideIdentity(for:completionHandler:) is implemented, which an observer-less multiplexer does not do
    NetworkExtension | NWTCPConnectionAuthenticationDelegate | shouldProvideIdentity(for:) | false | convention: false; the page says the default is true only when provideIdentity(for:completionHandler:) is implemented, which an observer-less multiplexer does not do
    PDFKit | PDFDocumentDelegate | `class`(forAnnotationType:) | PDFAnnotation.self | convention: PDFAnnotation, the class PDFDocument uses when no delegate substitutes one
    PDFKit | PDFDocumentDelegate | classForPage() | PDFPage.self | convention: PDFPage, the class PDFDocument uses when no delegate substitutes one
    PDFKit | PDFViewDelegate | pdfViewParentViewController() | MainActor.assumeIsolated { UIViewController() } | convention: a blank view controller; no parameters are in scope, and without the method PDFView finds its presenting controller itself, which the multiplexer cannot reproduce
    PhotosUI | PHLivePhotoViewDelegate | livePhotoView(_:canBeginPlaybackWith:) | true | convention: a can… question defaults to true (playback begins unless a delegate vetoes it); Apple documents no default
    PhotosUI | PHLivePhotoViewDelegate | livePhotoView(_:extraMinimumTouchDurationFor:with:) | 0 | convention: zero extra touch duration, i.e. no offset of the touch timing, as with no delegate; Apple documents no default
    QuickLook | QLPreviewControllerDelegate | previewController(_:editingModeFor:) | .disabled | https://developer.apple.com/documentation/quicklook/qlpreviewcontrollerdelegate/previewcontroller(_:editingmodefor:)
    QuickLook | QLPreviewControllerDelegate | previewController(_:frameFor:inSourceView:) | .zero | https://developer.apple.com/documentation/quicklook/qlpreviewcontrollerdelegate/previewcontroller(_:framefor:insourceview:)
    QuickLook | QLPreviewControllerDelegate | previewController(_:shouldOpen:for:) | true | https://developer.apple.com/documentation/quicklook/qlpreviewcontrollerdelegate/previewcontroller(_:shouldopen:for:)
    SafariServices | SFSafariViewControllerDelegate | safariViewController(_:activityItemsFor:title:) | [] | convention: an array defaults to [] (no app-specific activities added to the system ones)
    SafariServices | SFSafariViewControllerDelegate | safariViewController(_:excludedActivityTypesFor:title:) | [] | convention: an array defaults to [] (no activity types excluded)
    SceneKit | SCNAvoidOccluderConstraintDelegate | avoidOccluderConstraint(_:shouldAvoidOccluder:for:) | true | convention: a should… question defaults to true (every occluder is avoided)
    SpriteKit | SKViewDelegate | view(_:shouldRenderAtTime:) | true | convention: a should… question defaults to true (every frame is rendered)
    StoreKit | SKPaymentQueueDelegate | paymentQueue(_:shouldContinue:in:) | true | https://developer.apple.com/documentation/storekit/skpaymentqueuedelegate/paymentqueue(_:shouldcontinue:in:)
    StoreKit | SKPaymentQueueDelegate | paymentQueueShouldShowPriceConsent(_:) | true | https://developer.apple.com/documentation/storekit/skpaymentqueuedelegate/paymentqueueshouldshowpriceconsent(_:)
    UIKit | UIAdaptivePresentationControllerDelegate | adaptivePresentationStyle(for:) | .automatic | https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/adaptivepresentationstyle(for:)
    UIKit | UIAdaptivePresentationControllerDelegate | adaptivePresentationStyle(for:traitCollection:) | .automatic | https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/adaptivepresentationstyle(for:traitcollection:)
    UIKit | UIAdaptivePresentationControllerDelegate | presentationControllerShouldDismiss(_:) | true | convention: a should… question defaults to true (the system dismisses the presentation)
    UIKit | UIAlertViewDelegate | alertViewShouldEnableFirstOtherButton(_:) | true | convention: a should… question defaults to true (the first other button is enabled)
    UIKit | UIApplicationDelegate | application(_:configurationForConnecting:options:) | connectingSceneSession.configuration | https://developer.apple.com/documentation/uikit/uiscenesession/configuration
    UIKit | UIApplicationDelegate | application(_:continue:restorationHandler:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:)
    UIKit | UIApplicationDelegate | application(_:didFinishLaunchingWithOptions:) | true | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    UIKit | UIApplicationDelegate | application(_:handleOpen:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:handleopen:)
    UIKit | UIApplicationDelegate | application(_:open:options:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)
    UIKit | UIApplicationDelegate | application(_:open:sourceApplication:annotation:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:sourceapplication:annotation:)
    UIKit | UIApplicationDelegate | application(_:shouldAllowExtensionPointIdentifier:) | true | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:shouldallowextensionpointidentifier:)
    UIKit | UIApplicationDelegate | application(_:shouldRestoreApplicationState:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:shouldrestoreapplicationstate:)
    UIKit | UIApplicationDelegate | application(_:shouldRestoreSecureApplicationState:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:shouldrestoresecureapplicationstate:)
    UIKit | UIApplicationDelegate | application(_:shouldSaveApplicationState:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:shouldsaveapplicationstate:)
    UIKit | UIApplicationDelegate | application(_:shouldSaveSecureApplicationState:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:shouldsavesecureapplicationstate:)
    UIKit | UIApplicationDelegate | application(_:supportedInterfaceOrientationsFor:) | { let masks: [String: UIInterfaceOrientationMask] = ["UIInterfaceOrientationPortrait": .portrait, "UIInterfaceOrientationPortraitUpsideDown": .portraitUpsideDown, "UIInterfaceOrientationLandscapeLeft": .landscapeLeft, "UIInterfaceOrientationLandscapeRight": .landscapeRight]; let mask = ((Bundle.main.object(forInfoDictionaryKey: "UISupportedInterfaceOrientations") as? [String]) ?? []).reduce(into: UIInterfaceOrientationMask()) { $0.formUnion(masks[$1] ?? []) }; return mask.isEmpty ? UIInterfaceOrientationMask.all : mask }() | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:supportedinterfaceorientationsfor:)
    UIKit | UIApplicationDelegate | application(_:willContinueUserActivityWithType:) | false | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willcontinueuseractivitywithtype:)
    UIKit | UIApplicationDelegate | application(_:willFinishLaunchingWithOptions:) | true | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willfinishlaunchingwithoptions:)
    UIKit | UIApplicationDelegate | applicationShouldAutomaticallyLocalizeKeyCommands(_:) | true | https://developer.apple.com/documentation/uikit/uiapplicationdelegate/applicationshouldautomaticallylocalizekeycommands(_:)
    UIKit | UIBarPositioningDelegate | position(for:) | NSClassFromString("UIToolbar").map(bar.isKind(of:)) == true ? .bottom : .top | https://developer.apple.com/documentation/uikit/uibarpositioningdelegate/position(for:)
    UIKit | UICalendarSelectionMultiDateDelegate | multiDateSelection(_:canDeselectDate:) | true | convention: a can… question defaults to true (every selected date can be deselected)
    UIKit | UICalendarSelectionMultiDateDelegate | multiDateSelection(_:canSelectDate:) | true | convention: a can… question defaults to true (every date is selectable)
    UIKit | UICalendarSelectionSingleDateDelegate | dateSelection(_:canSelectDate:) | true | convention: a can… question defaults to true (every date is selectable)
    UIKit | UICalendarSelectionWeekOfYearDelegate | week(ofYearSelection:canSelectWeekOfYear:) | true | convention: a can… question defaults to true (every week is selectable)
    UIKit | UICollectionViewDelegate | collectionView(_:canEditItemAt:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:canedititemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:canFocusItemAt:) | collectionView.allowsSelection | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:canfocusitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:canPerformAction:forItemAt:withSender:) | false | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:canperformaction:foritemat:withsender:)
    UIKit | UICollectionViewDelegate | collectionView(_:canPerformPrimaryActionForItemAt:) | !collectionView.isEditing | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:canperformprimaryactionforitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:selectionFollowsFocusForItemAt:) | collectionView.selectionFollowsFocus | convention: the collection view's own selectionFollowsFocus property, which decides when the delegate gives no per-item answer
    UIKit | UICollectionViewDelegate | collectionView(_:shouldBeginMultipleSelectionInteractionAt:) | { if #available(iOS 14.0, *) { return collectionView.allowsMultipleSelectionDuringEditing } else { return false } }() | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldbeginmultipleselectioninteractionat:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldDeselectItemAt:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shoulddeselectitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldHighlightItemAt:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldhighlightitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldSelectItemAt:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldselectitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldShowMenuForItemAt:) | false | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldshowmenuforitemat:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldSpringLoadItemAt:with:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldspringloaditemat:with:)
    UIKit | UICollectionViewDelegate | collectionView(_:shouldUpdateFocusIn:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldupdatefocusin:)
    UIKit | UICollectionViewDelegate | collectionView(_:targetContentOffsetForProposedContentOffset:) | proposedContentOffset | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:targetcontentoffsetforproposedcontentoffset:)
    UIKit | UICollectionViewDelegate | collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:) | proposedIndexPath | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:targetindexpathformovefromitemat:toproposedindexpath:)
    UIKit | UICollectionViewDelegate | collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:) | proposedIndexPath | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:targetindexpathformoveofitemfromoriginalindexpath:atcurrentindexpath:toproposedindexpath:)
    UIKit | UICollectionViewDelegate | collectionView(_:transitionLayoutForOldLayout:newLayout:) | UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout) | https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:transitionlayoutforoldlayout:newlayout:)
    UIKit | UICollectionViewDragDelegate | collectionView(_:dragSessionAllowsMoveOperation:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate/collectionview(_:dragsessionallowsmoveoperation:)
    UIKit | UICollectionViewDragDelegate | collectionView(_:dragSessionIsRestrictedToDraggingApplication:) | false | https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate/collectionview(_:dragsessionisrestrictedtodraggingapplication:)
    UIKit | UICollectionViewDragDelegate | collectionView(_:itemsForAddingTo:at:point:) | [] | convention: no items
    UIKit | UICollectionViewDragDelegate | collectionView(_:itemsForBeginning:at:) | [] | convention: no items (no drag begins when no observer supplies items)
    UIKit | UICollectionViewDropDelegate | collectionView(_:canHandle:) | true | https://developer.apple.com/documentation/uikit/uicollectionviewdropdelegate/collectionview(_:canhandle:)
    UIKit | UICollectionViewDropDelegate | collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:) | UICollectionViewDropProposal(operation: .copy) | convention: a copy proposal with unspecified intent; Apple says only that without this method the collection view gives no visual feedback about how it handles the drop (Supporting Drag and Drop in Collection Views)
    UIKit | UIDocumentBrowserViewControllerDelegate | documentBrowser(_:applicationActivitiesForDocumentURLs:) | [] | convention: no items
    UIKit | UIDocumentInteractionControllerDelegate | documentInteractionControllerRectForPreview(_:) | .zero | convention: a zero rectangle, the animation starting from no particular place (the preview view's bounds are main-actor state this nonisolated requirement cannot read)
    UIKit | UIDocumentInteractionControllerDelegate | documentInteractionControllerViewControllerForPreview(_:) | UIViewController() | convention: a bare view controller (without a delegate the controller has no parent to present a preview from)
    UIKit | UIDragInteractionDelegate | dragInteraction(_:itemsForAddingTo:withTouchAt:) | [] | convention: no items
    UIKit | UIDragInteractionDelegate | dragInteraction(_:itemsForBeginning:) | [] | convention: no items (no drag begins when no observer supplies items)
    UIKit | UIDragInteractionDelegate | dragInteraction(_:prefersFullSizePreviewsFor:) | false | https://developer.apple.com/documentation/uikit/uidraginteractiondelegate/draginteraction(_:prefersfullsizepreviewsfor:)
    UIKit | UIDragInteractionDelegate | dragInteraction(_:previewForCancelling:withDefault:) | defaultPreview | convention: the default preview passed in (nil would animate the item away instead)
    UIKit | UIDragInteractionDelegate | dragInteraction(_:sessionAllowsMoveOperation:) | true | https://developer.apple.com/documentation/uikit/uidraginteractiondelegate/draginteraction(_:sessionallowsmoveoperation:)
    UIKit | UIDragInteractionDelegate | dragInteraction(_:sessionIsRestrictedToDraggingApplication:) | false | https://developer.apple.com/documentation/uikit/uidraginteractiondelegate/draginteraction(_:sessionisrestrictedtodraggingapplication:)
    UIKit | UIDropInteractionDelegate | dropInteraction(_:canHandle:) | true | https://developer.apple.com/documentation/uikit/uidropinteractiondelegate/dropinteraction(_:canhandle:)
    UIKit | UIDropInteractionDelegate | dropInteraction(_:previewForDropping:withDefault:) | defaultPreview | convention: the default preview passed in (nil would use none)
    UIKit | UIDropInteractionDelegate | dropInteraction(_:sessionDidUpdate:) | UIDropProposal(operation: .cancel) | https://developer.apple.com/documentation/uikit/uidropinteractiondelegate/dropinteraction(_:sessiondidupdate:)
    UIKit | UIEditMenuInteractionDelegate | editMenuInteraction(_:targetRectFor:) | .null | https://developer.apple.com/documentation/uikit/uieditmenuinteractiondelegate/editmenuinteraction(_:targetrectfor:)
    UIKit | UIGestureRecognizerDelegate | gestureRecognizer(_:shouldBeRequiredToFailBy:) | false | convention: no dynamic failure requirement is set up unless the delegate asks for one
    UIKit | UIGestureRecognizerDelegate | gestureRecognizer(_:shouldReceive:) | true | https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldreceive:)-16fuh
    UIKit | UIGestureRecognizerDelegate | gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:) | false | https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldrecognizesimultaneouslywith:)
    UIKit | UIGestureRecognizerDelegate | gestureRecognizer(_:shouldRequireFailureOf:) | false | convention: no dynamic failure requirement is set up unless the delegate asks for one
    UIKit | UIGestureRecognizerDelegate | gestureRecognizerShouldBegin(_:) | true | https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizershouldbegin(_:)
    UIKit | UIIndirectScribbleInteractionDelegate | indirectScribbleInteraction(_:frameForElement:) | .zero | convention: required; an empty frame when no observer is registered
    UIKit | UIIndirectScribbleInteractionDelegate | indirectScribbleInteraction(_:isElementFocused:) | false | convention: required; the element is not focused when no observer is registered
    UIKit | UIIndirectScribbleInteractionDelegate | indirectScribbleInteraction(_:requestElementsIn:) | [] | convention: no items
    UIKit | UIIndirectScribbleInteractionDelegate | indirectScribbleInteraction(_:shouldDelayFocusForElement:) | false | https://developer.apple.com/documentation/uikit/uiindirectscribbleinteractiondelegate/indirectscribbleinteraction(_:shoulddelayfocusforelement:)
    UIKit | UILargeContentViewerInteractionDelegate | viewController(for:) | { var responder: UIResponder? = interaction.view; while let current = responder { if let viewController = current as? UIViewController { return viewController }; responder = current.next }; return UIViewController() }() | https://developer.apple.com/documentation/uikit/uilargecontentviewerinteractiondelegate/viewcontroller(for:)
    UIKit | UINavigationBarDelegate | navigationBar(_:shouldPop:) | true | convention: a should… question defaults to true (the item is popped)
    UIKit | UINavigationBarDelegate | navigationBar(_:shouldPush:) | true | convention: a should… question defaults to true (the item is pushed)
    UIKit | UINavigationBarDelegate | navigationBarNSToolbarSection(_:) | .none | convention: the bar is not placed in an NSToolbar section unless the delegate asks
    UIKit | UINavigationControllerDelegate | navigationControllerPreferredInterfaceOrientationForPresentation(_:) | .portrait | convention: portrait; the current orientation the view controller uses by default cannot be read at iOS 13 without an API iOS 26 deprecates
    UIKit | UINavigationControllerDelegate | navigationControllerSupportedInterfaceOrientations(_:) | navigationController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown | https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations
    UIKit | UINavigationItemRenameDelegate | navigationItem(_:shouldEndRenamingWith:) | true | convention: required; a should… question defaults to true (renaming ends)
    UIKit | UINavigationItemRenameDelegate | navigationItem(_:willBeginRenamingWith:selectedRange:) | (suggestedTitle, selectedRange) | convention: required; the suggested title and selected range passed in
    UIKit | UINavigationItemRenameDelegate | navigationItemShouldBeginRenaming(_:) | true | convention: required; a should… question defaults to true (renaming begins)
    UIKit | UIPageControlProgressDelegate | pageControlProgress(_:initialProgressForPage:) | 0 | convention: a page starts with no progress
    UIKit | UIPageControlTimerProgressDelegate | pageControlTimerProgress(_:shouldAdvanceToPage:) | true | convention: a should… question defaults to true (the timer advances the page)
    UIKit | UIPageViewControllerDelegate | pageViewController(_:spineLocationFor:) | pageViewController.spineLocation | convention: the current spine location of the page view controller, kept as with no delegate
    UIKit | UIPageViewControllerDelegate | pageViewControllerPreferredInterfaceOrientationForPresentation(_:) | .portrait | convention: portrait; the current orientation the view controller uses by default cannot be read at iOS 13 without an API iOS 26 deprecates
    UIKit | UIPageViewControllerDelegate | pageViewControllerSupportedInterfaceOrientations(_:) | pageViewController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown | https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations
    UIKit | UIPickerViewAccessibilityDelegate | pickerView(_:accessibilityAttributedUserInputLabelsForComponent:) | [] | convention: no items
    UIKit | UIPickerViewAccessibilityDelegate | pickerView(_:accessibilityUserInputLabelsForComponent:) | [] | convention: no items
    UIKit | UIPickerViewDelegate | pickerView(_:rowHeightForComponent:) | 32 | convention: the picker view standard row height (32 points) used when the delegate gives none
    UIKit | UIPickerViewDelegate | pickerView(_:viewForRow:forComponent:reusing:) | view ?? UIView() | convention: the reusable view passed in, else an empty view (without this method the picker draws titles itself)
    UIKit | UIPickerViewDelegate | pickerView(_:widthForComponent:) | pickerView.bounds.width / CGFloat(max(pickerView.numberOfComponents, 1)) | convention: components share the picker width equally when the delegate gives no width
    UIKit | UIPointerInteractionDelegate | pointerInteraction(_:regionFor:defaultRegion:) | defaultRegion | convention: the default region passed in (nil would show no pointer effect)
    UIKit | UIPopoverControllerDelegate | popoverControllerShouldDismissPopover(_:) | true | https://developer.apple.com/documentation/uikit/uipopovercontrollerdelegate/popovercontrollershoulddismisspopover(_:)
    UIKit | UIPopoverPresentationControllerDelegate | popoverPresentationControllerShouldDismissPopover(_:) | true | https://developer.apple.com/documentation/uikit/uipopoverpresentationcontrollerdelegate/popoverpresentationcontrollershoulddismisspopover(_:)
    UIKit | UIPreviewInteractionDelegate | previewInteractionShouldBegin(_:) | true | https://developer.apple.com/documentation/uikit/uipreviewinteractiondelegate/previewinteractionshouldbegin(_:)
    UIKit | UIPrintInteractionControllerDelegate | printInteractionController(_:chooseCutterBehavior:) | .printerDefault | convention: the printer default cutter behavior
    UIKit | UIPrintInteractionControllerDelegate | printInteractionController(_:choosePaper:) | UIPrintPaper.bestPaper(forPageSize: CGSize(width: 612, height: 792), withPapersFrom: paperList) | convention: the best paper from the list for a US Letter page, the print system default choice
    UIKit | UIPrintInteractionControllerDelegate | printInteractionController(_:cutLengthFor:) | paper.paperSize.height | convention: cut at the full paper length
    UIKit | UIPrinterPickerControllerDelegate | printerPickerController(_:shouldShow:) | true | https://developer.apple.com/documentation/uikit/uiprinterpickercontrollerdelegate/printerpickercontroller(_:shouldshow:)
    UIKit | UIScribbleInteractionDelegate | scribbleInteraction(_:shouldBeginAt:) | true | convention: a should… question defaults to true (writing is allowed at the location)
    UIKit | UIScribbleInteractionDelegate | scribbleInteractionShouldDelayFocus(_:) | false | convention: Scribble normally focuses the input as soon as writing starts, i.e. no delay
    UIKit | UIScrollViewDelegate | scrollViewShouldScrollToTop(_:) | true | https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewshouldscrolltotop(_:)
    UIKit | UISearchBarDelegate | searchBar(_:shouldChangeTextIn:replacementText:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UISearchBarDelegate | searchBar(_:shouldChangeTextInRanges:replacementText:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UISearchBarDelegate | searchBarShouldBeginEditing(_:) | true | convention: a should… question defaults to true (editing begins)
    UIKit | UISearchBarDelegate | searchBarShouldEndEditing(_:) | true | convention: a should… question defaults to true (editing ends)
    UIKit | UISearchDisplayDelegate | searchDisplayController(_:shouldReloadTableForSearch:) | true | https://developer.apple.com/documentation/uikit/uisearchdisplaydelegate/searchdisplaycontroller(_:shouldreloadtableforsearch:)
    UIKit | UISearchDisplayDelegate | searchDisplayController(_:shouldReloadTableForSearchScope:) | true | https://developer.apple.com/documentation/uikit/uisearchdisplaydelegate/searchdisplaycontroller(_:shouldreloadtableforsearchscope:)
    UIKit | UISearchTextFieldDelegate | searchTextField(_:itemProviderForCopying:) | NSItemProvider() | convention: an empty item provider (without this method the token is not copied or dragged)
    UIKit | UISplitViewControllerDelegate | splitViewController(_:collapseSecondary:onto:) | false | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:collapsesecondary:onto:)
    UIKit | UISplitViewControllerDelegate | splitViewController(_:displayModeForExpandingToProposedDisplayMode:) | proposedDisplayMode | convention: the proposed display mode passed in, which the split view controller uses without a delegate
    UIKit | UISplitViewControllerDelegate | splitViewController(_:shouldHide:in:) | orientation.isPortrait | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:shouldhide:in:)
    UIKit | UISplitViewControllerDelegate | splitViewController(_:show:sender:) | false | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:show:sender:)
    UIKit | UISplitViewControllerDelegate | splitViewController(_:showDetail:sender:) | false | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:showdetail:sender:)
    UIKit | UISplitViewControllerDelegate | splitViewController(_:topColumnForCollapsingToProposedTopColumn:) | proposedTopColumn | convention: the proposed top column passed in, which the split view controller uses without a delegate
    UIKit | UISplitViewControllerDelegate | splitViewControllerPreferredInterfaceOrientationForPresentation(_:) | .portrait | convention: portrait; the current orientation the view controller uses by default cannot be read at iOS 13 without an API iOS 26 deprecates
    UIKit | UISplitViewControllerDelegate | splitViewControllerSupportedInterfaceOrientations(_:) | splitViewController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontrollersupportedinterfaceorientations(_:)
    UIKit | UISplitViewControllerDelegate | targetDisplayModeForAction(in:) | .automatic | https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/targetdisplaymodeforaction(in:)
    UIKit | UITabBarController.Sidebar.Delegate | tabBarController(_:sidebar:itemFor:) | UITabSidebarItem(request: request) | convention: a default sidebar item made from the request with UITabSidebarItem(request:)
    UIKit | UITabBarController.Sidebar.Delegate | tabBarController(_:sidebar:itemsForAddingTo:tab:) | [] | convention: no items
    UIKit | UITabBarController.Sidebar.Delegate | tabBarController(_:sidebar:itemsForBeginning:tab:) | [] | convention: no items
    UIKit | UITabBarController.Sidebar.Delegate | tabBarController(_:sidebar:sidebarAction:group:operationForAcceptingItemsFrom:) | .cancel | https://developer.apple.com/documentation/uikit/uitabbarcontroller/sidebar-swift.class/delegate-swift.protocol/tabbarcontroller(_:sidebar:sidebaraction:group:operationforacceptingitemsfrom:)
    UIKit | UITabBarControllerDelegate | tabBarController(_:displayedViewControllersFor:proposedViewControllers:) | proposedViewControllers | convention: the proposed view controllers passed in, i.e. what the tab bar controller displays without a delegate
    UIKit | UITabBarControllerDelegate | tabBarController(_:shouldSelect:) | true | convention: a should… question defaults to true (the tapped tab is selected)
    UIKit | UITabBarControllerDelegate | tabBarController(_:shouldSelectTab:) | true | convention: a should… question defaults to true (the tapped tab is selected)
    UIKit | UITabBarControllerDelegate | tabBarController(_:tab:operationForAcceptingItemsFrom:) | .cancel | convention: the tab does not accept the dropped items (no drop handling without a delegate)
    UIKit | UITabBarControllerDelegate | tabBarControllerPreferredInterfaceOrientationForPresentation(_:) | .portrait | convention: portrait; the current orientation the view controller uses by default cannot be read at iOS 13 without an API iOS 26 deprecates
    UIKit | UITabBarControllerDelegate | tabBarControllerSupportedInterfaceOrientations(_:) | tabBarController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown | https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations
    UIKit | UITableViewDelegate | tableView(_:accessoryTypeForRowWith:) | tableView.cellForRow(at: indexPath)?.accessoryType ?? .none | convention: the cell's own accessory type, what UIKit shows when the delegate does not implement this deprecated method (Mac Catalyst still declares it; iOS 26 no longer does)
    UIKit | UITableViewDelegate | tableView(_:canFocusRowAt:) | true | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:canfocusrowat:)
    UIKit | UITableViewDelegate | tableView(_:canPerformAction:forRowAt:withSender:) | false | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:canperformaction:forrowat:withsender:)
    UIKit | UITableViewDelegate | tableView(_:canPerformPrimaryActionForRowAt:) | !tableView.isEditing | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:canperformprimaryactionforrowat:)
    UIKit | UITableViewDelegate | tableView(_:editingStyleForRowAt:) | .delete | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:editingstyleforrowat:)
    UIKit | UITableViewDelegate | tableView(_:estimatedHeightForFooterInSection:) | tableView.estimatedSectionFooterHeight | https://developer.apple.com/documentation/uikit/uitableview/estimatedsectionfooterheight
    UIKit | UITableViewDelegate | tableView(_:estimatedHeightForHeaderInSection:) | tableView.estimatedSectionHeaderHeight | https://developer.apple.com/documentation/uikit/uitableview/estimatedsectionheaderheight
    UIKit | UITableViewDelegate | tableView(_:estimatedHeightForRowAt:) | tableView.estimatedRowHeight | https://developer.apple.com/documentation/uikit/uitableview/estimatedrowheight
    UIKit | UITableViewDelegate | tableView(_:heightForFooterInSection:) | tableView.sectionFooterHeight | https://developer.apple.com/documentation/uikit/uitableview/sectionfooterheight
    UIKit | UITableViewDelegate | tableView(_:heightForHeaderInSection:) | tableView.sectionHeaderHeight | https://developer.apple.com/documentation/uikit/uitableview/sectionheaderheight
    UIKit | UITableViewDelegate | tableView(_:heightForRowAt:) | tableView.rowHeight | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforrowat:)
    UIKit | UITableViewDelegate | tableView(_:indentationLevelForRowAt:) | 0 | convention: no indentation (a cell’s default indentationLevel is 0)
    UIKit | UITableViewDelegate | tableView(_:selectionFollowsFocusForRowAt:) | tableView.selectionFollowsFocus | convention: the table view's own selectionFollowsFocus property, which decides when the delegate gives no per-row answer
    UIKit | UITableViewDelegate | tableView(_:shouldBeginMultipleSelectionInteractionAt:) | false | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldbeginmultipleselectioninteractionat:)
    UIKit | UITableViewDelegate | tableView(_:shouldHighlightRowAt:) | true | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldhighlightrowat:)
    UIKit | UITableViewDelegate | tableView(_:shouldIndentWhileEditingRowAt:) | true | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldindentwhileeditingrowat:)
    UIKit | UITableViewDelegate | tableView(_:shouldShowMenuForRowAt:) | false | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldshowmenuforrowat:)
    UIKit | UITableViewDelegate | tableView(_:shouldSpringLoadRowAt:with:) | true | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldspringloadrowat:with:)
    UIKit | UITableViewDelegate | tableView(_:shouldUpdateFocusIn:) | true | convention: a should… question defaults to true (the focus update proceeds)
    UIKit | UITableViewDelegate | tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:) | proposedDestinationIndexPath | https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:targetindexpathformovefromrowat:toproposedindexpath:)
    UIKit | UITableViewDelegate | tableView(_:willDeselectRowAt:) | indexPath | convention: the index path passed in, which the table view deselects without a delegate (nil would veto it)
    UIKit | UITableViewDelegate | tableView(_:willSelectRowAt:) | indexPath | convention: the index path passed in, which the table view selects without a delegate (nil would veto it)
    UIKit | UITableViewDragDelegate | tableView(_:dragSessionAllowsMoveOperation:) | true | https://developer.apple.com/documentation/uikit/uitableviewdragdelegate/tableview(_:dragsessionallowsmoveoperation:)
    UIKit | UITableViewDragDelegate | tableView(_:dragSessionIsRestrictedToDraggingApplication:) | false | https://developer.apple.com/documentation/uikit/uitableviewdragdelegate/tableview(_:dragsessionisrestrictedtodraggingapplication:)
    UIKit | UITableViewDragDelegate | tableView(_:itemsForAddingTo:at:point:) | [] | convention: no items
    UIKit | UITableViewDragDelegate | tableView(_:itemsForBeginning:at:) | [] | convention: no items (no drag begins when no observer supplies items)
    UIKit | UITableViewDropDelegate | tableView(_:canHandle:) | true | https://developer.apple.com/documentation/uikit/uitableviewdropdelegate/tableview(_:canhandle:)
    UIKit | UITableViewDropDelegate | tableView(_:dropSessionDidUpdate:withDestinationIndexPath:) | UITableViewDropProposal(operation: .copy) | convention: a copy proposal with unspecified intent; Apple says only that without this method the table view doesn't give visual feedback about how it handles the drop (Adopting drag and drop in a table view)
    UIKit | UITextDragDelegate | textDraggableView(_:itemsForDrag:) | dragRequest.suggestedItems | https://developer.apple.com/documentation/uikit/uitextdragdelegate/textdraggableview(_:itemsfordrag:)
    UIKit | UITextDropDelegate | textDroppableView(_:previewForDroppingAllItemsWithDefault:) | defaultPreview | convention: the default preview passed in (nil would use none)
    UIKit | UITextDropDelegate | textDroppableView(_:proposalForDrop:) | drop.suggestedProposal | convention: the drop request's suggested proposal, i.e. the text view's own default
    UIKit | UITextDropDelegate | textDroppableView(_:willBecomeEditableForDrop:) | .no | https://developer.apple.com/documentation/uikit/uitextdropdelegate/textdroppableview(_:willbecomeeditablefordrop:)
    UIKit | UITextFieldDelegate | textField(_:shouldChangeCharactersIn:replacementString:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UITextFieldDelegate | textField(_:shouldChangeCharactersInRanges:replacementString:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UITextFieldDelegate | textFieldShouldBeginEditing(_:) | true | https://developer.apple.com/documentation/uikit/uitextfielddelegate/textfieldshouldbeginediting(_:)
    UIKit | UITextFieldDelegate | textFieldShouldClear(_:) | true | https://developer.apple.com/documentation/uikit/uitextfielddelegate/textfieldshouldclear(_:)
    UIKit | UITextFieldDelegate | textFieldShouldEndEditing(_:) | true | https://developer.apple.com/documentation/uikit/uitextfielddelegate/textfieldshouldendediting(_:)
    UIKit | UITextFieldDelegate | textFieldShouldReturn(_:) | true | https://developer.apple.com/documentation/uikit/uitextfielddelegate/textfieldshouldreturn(_:)
    UIKit | UITextFormattingViewController.Delegate | textFormattingViewController(_:shouldPresentColorPicker:) | true | convention: required; a should… question defaults to true (the picker is presented)
    UIKit | UITextFormattingViewController.Delegate | textFormattingViewController(_:shouldPresentFontPicker:) | true | convention: required; a should… question defaults to true (the picker is presented)
    UIKit | UITextInteractionDelegate | interactionShouldBegin(_:at:) | true | convention: a should… question defaults to true (the interaction begins)
    UIKit | UITextPasteDelegate | textPasteConfigurationSupporting(_:combineItemAttributedStrings:for:) | itemStrings.reduce(into: NSMutableAttributedString()) { (combined: inout NSMutableAttributedString, item: NSAttributedString) in combined.append(item) } | https://developer.apple.com/documentation/uikit/uitextpastedelegate/textpasteconfigurationsupporting(_:combineitemattributedstrings:for:)
    UIKit | UITextPasteDelegate | textPasteConfigurationSupporting(_:performPasteOf:to:) | textRange | convention: the target range passed in; Apple says the standard paste mechanism is used without this method, which an expression cannot reproduce
    UIKit | UITextPasteDelegate | textPasteConfigurationSupporting(_:shouldAnimatePasteOf:to:) | true | https://developer.apple.com/documentation/uikit/uitextpastedelegate/textpasteconfigurationsupporting(_:shouldanimatepasteof:to:)
    UIKit | UITextViewDelegate | textView(_:primaryActionFor:defaultAction:) | defaultAction | convention: the default action passed in (nil would disable the item's action)
    UIKit | UITextViewDelegate | textView(_:shouldChangeTextIn:replacementText:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UITextViewDelegate | textView(_:shouldChangeTextInRanges:replacementText:) | true | convention: a should… question defaults to true (the text change is applied)
    UIKit | UITextViewDelegate | textView(_:shouldInteractWith:in:) | true | convention: a should… question defaults to true (the text view performs its default link or attachment interaction)
    UIKit | UITextViewDelegate | textView(_:shouldInteractWith:in:interaction:) | true | convention: a should… question defaults to true (the text view performs its default link or attachment interaction)
    UIKit | UITextViewDelegate | textView(_:writingToolsIgnoredRangesInEnclosingRange:) | [] | convention: no items
    UIKit | UITextViewDelegate | textViewShouldBeginEditing(_:) | true | https://developer.apple.com/documentation/uikit/uitextviewdelegate/textviewshouldbeginediting(_:)
    UIKit | UITextViewDelegate | textViewShouldEndEditing(_:) | true | https://developer.apple.com/documentation/uikit/uitextviewdelegate/textviewshouldendediting(_:)
    UIKit | UIWebViewDelegate | webView(_:shouldStartLoadWith:navigationType:) | true | convention: a should… question defaults to true (the web view loads the request)
    UIKit | UIWindowSceneDelegate | preferredWindowingControlStyle(for:) | .automatic | https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/preferredwindowingcontrolstyle(for:)
    UserNotifications | UNUserNotificationCenterDelegate | userNotificationCenter(_:willPresent:) | [] | https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
    VisionKit | ImageAnalysisInteractionDelegate | contentsRect(for:) | CGRect(x: 0, y: 0, width: 1, height: 1) | https://developer.apple.com/documentation/visionkit/imageanalysisinteractiondelegate/contentsrect(for:)
    VisionKit | ImageAnalysisInteractionDelegate | interaction(_:shouldBeginAt:for:) | true | https://developer.apple.com/documentation/visionkit/imageanalysisinteractiondelegate/interaction(_:shouldbeginat:for:)
    VisionKit | ImageAnalysisOverlayViewDelegate | contentsRect(for:) | CGRect(x: 0, y: 0, width: 1, height: 1) | https://developer.apple.com/documentation/visionkit/imageanalysisoverlayviewdelegate/contentsrect(for:)
    VisionKit | ImageAnalysisOverlayViewDelegate | overlayView(_:shouldBeginAt:forAnalysisType:) | true | https://developer.apple.com/documentation/visionkit/imageanalysisoverlayviewdelegate/overlayview(_:shouldbeginat:foranalysistype:)
    VisionKit | ImageAnalysisOverlayViewDelegate | overlayView(_:shouldHandleKeyDownEvent:) | true | https://developer.apple.com/documentation/visionkit/imageanalysisoverlayviewdelegate/overlayview(_:shouldhandlekeydownevent:)
    VisionKit | ImageAnalysisOverlayViewDelegate | overlayView(_:shouldShowMenuForEvent:atPoint:) | true | https://developer.apple.com/documentation/visionkit/imageanalysisoverlayviewdelegate/overlayview(_:shouldshowmenuforevent:atpoint:)
    VisionKit | ImageAnalysisOverlayViewDelegate | overlayView(_:updatedMenuFor:for:at:) | menu | https://developer.apple.com/documentation/visionkit/imageanalysisoverlayviewdelegate/overlayview(_:updatedmenufor:for:at:)
    WebKit | WKWebExtensionControllerDelegate | webExtensionController(_:openWindowsFor:) | [] | https://developer.apple.com/documentation/webkit/wkwebextensioncontrollerdelegate/webextensioncontroller(_:openwindowsfor:)
    WebKit | WebEditingDelegate | webView(_:doCommandBy:) | false | convention: false = the delegate does not perform the command, so the web view performs it
    WebKit | WebEditingDelegate | webView(_:shouldApplyStyle:toElementsIn:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldBeginEditingIn:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldChangeSelectedDOMRange:to:affinity:stillSelecting:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldChangeTypingStyle:toStyle:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldDelete:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldEndEditingIn:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldInsert:replacing:given:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebEditingDelegate | webView(_:shouldInsertText:replacing:given:) | true | convention: a should… question defaults to true (the edit proceeds)
    WebKit | WebUIDelegate | webView(_:dragDestinationActionMaskFor:) | Int(bitPattern: UInt.max) | https://developer.apple.com/documentation/webkit/webuidelegate/webview(_:dragdestinationactionmaskfor:)
    WebKit | WebUIDelegate | webView(_:dragSourceActionMaskFor:) | Int(bitPattern: UInt.max) | convention: every drag source action (whether the web view is editable is main-actor state this nonisolated requirement cannot read)
    WebKit | WebUIDelegate | webView(_:runBeforeUnloadConfirmPanelWithMessage:initiatedBy:) | true | convention: true; with no delegate no panel is shown and the page unloads (navigation proceeds)
    WebKit | WebUIDelegate | webView(_:runJavaScriptConfirmPanelWithMessage:initiatedBy:) | false | convention: false; the page says no action is taken without this method, so the confirm() is not OKed
    WebKit | WebUIDelegate | webView(_:shouldPerformAction:fromSender:) | true | convention: a should… question defaults to true (the web view performs the action)
    WebKit | WebUIDelegate | webView(_:validate:defaultValidation:) | defaultValidation | https://developer.apple.com/documentation/webkit/webuidelegate/webview(_:validate:defaultvalidation:)
    WebKit | WebUIDelegate | webViewAreToolbarsVisible(_:) | false | convention: false; no observer manages a window with toolbars
    WebKit | WebUIDelegate | webViewFooterHeight(_:) | 0 | convention: 0, no space reserved for a footer (the Return Value section)
    WebKit | WebUIDelegate | webViewFrame(_:) | .zero | convention: a zero rectangle (the window's frame is main-actor state this nonisolated requirement cannot read)
    WebKit | WebUIDelegate | webViewHeaderHeight(_:) | 0 | convention: 0, no space reserved for a header (the Return Value section)
    WebKit | WebUIDelegate | webViewIsResizable(_:) | true | convention: resizable, as a window is by default (the window's style mask is main-actor state this nonisolated requirement cannot read)
    WebKit | WebUIDelegate | webViewIsStatusBarVisible(_:) | false | https://developer.apple.com/documentation/webkit/webuidelegate/webviewisstatusbarvisible(_:)
    """#

  /// How the answers of requirements every observer of an app's shared delegates takes part in combine, applied
  /// unless `--combine` says otherwise (same columns; the fourth is the policy). A completion handler given a policy
  /// is joined: every observer gets its own handler, and the sender's runs once with the answers combined.
  static let combiningTable = #"""
    UIKit | UIApplicationDelegate | application(_:continue:restorationHandler:) | anyTrue | convention: the activity is handled when any observer handled it (Apple: return true to indicate that your app handled the activity)
    UIKit | UIApplicationDelegate | application(_:didFinishLaunchingWithOptions:) | allTrue | convention: false from any observer says the app cannot handle the URL it was launched with (Apple: return false if the app cannot handle the URL resource)
    UIKit | UIApplicationDelegate | application(_:didReceiveRemoteNotification:fetchCompletionHandler:) | order(newData, failed, noData) | convention: every observer sees the notification; new data from any wins over a failure, a failure over no data
    UIKit | UIApplicationDelegate | application(_:open:options:) | anyTrue | convention: the URL is opened when any observer opened it (Apple: return false if you were unable to handle the URL)
    UIKit | UIApplicationDelegate | application(_:performActionFor:completionHandler:) | anyTrue | convention: the quick action is handled when any observer handled it
    UIKit | UIApplicationDelegate | application(_:performFetchWithCompletionHandler:) | order(newData, failed, noData) | convention: every observer fetches; new data from any wins over a failure, a failure over no data
    UIKit | UIApplicationDelegate | application(_:willContinueUserActivityWithType:) | anyTrue | convention: the app continues the activity when any observer does
    UIKit | UIApplicationDelegate | application(_:willFinishLaunchingWithOptions:) | allTrue | convention: false from any observer says the app cannot handle the URL it was launched with
    UIKit | UIWindowSceneDelegate | windowScene(_:performActionFor:completionHandler:) | anyTrue | convention: the quick action is handled when any observer handled it
    UserNotifications | UNUserNotificationCenterDelegate | userNotificationCenter(_:didReceive:withCompletionHandler:) | join | convention: every observer (every push SDK) sees the response; the system's handler runs once all have finished
    UserNotifications | UNUserNotificationCenterDelegate | userNotificationCenter(_:willPresent:withCompletionHandler:) | union | convention: every observer sees the notification; the presentation options any observer asks for are shown
    """#
}
