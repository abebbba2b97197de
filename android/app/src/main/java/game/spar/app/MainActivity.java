package game.spar.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
