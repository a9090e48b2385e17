import type { BuyerCall } from "~/features/ondc/domain/beckn";
import type { OndcCallHandler } from "./call";
import { searchCall } from "./search.server";
import { selectCall } from "./select.server";
import { initCall } from "./init.server";
import { confirmCall } from "./confirm.server";
import { statusCall } from "./status.server";
import { trackCall } from "./track.server";
import { cancelCall } from "./cancel.server";
import { updateCall } from "./update.server";
import { ratingCall } from "./rating.server";
import { issueCall } from "./issue.server";
import { issueStatusCall } from "./issue-status.server";

/** Each call a buyer app makes, and the code that answers it (docs/decisions/073-ondc-calls.md). */
export const ONDC_CALLS: { [A in BuyerCall]: OndcCallHandler<unknown> } = {
  search: searchCall,
  select: selectCall,
  init: initCall,
  confirm: confirmCall,
  status: statusCall,
  track: trackCall,
  cancel: cancelCall,
  update: updateCall,
  rating: ratingCall,
  issue: issueCall,
  issue_status: issueStatusCall,
};
