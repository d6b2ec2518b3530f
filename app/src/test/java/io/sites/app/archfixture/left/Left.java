package io.sites.app.archfixture.left;

import io.sites.app.archfixture.right.Right;

/** Half of a deliberate package cycle, imported only by PackageCycleRuleTest to prove the cycle rule can fail. */
public class Left {

    public Right right() {
        return new Right();
    }
}
